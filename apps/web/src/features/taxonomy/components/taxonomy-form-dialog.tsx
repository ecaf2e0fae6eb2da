import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useCreateItem } from '../api/create-item';
import { useUpdateItem } from '../api/update-item';
import type { TaxonomyItem, TaxonomyKind, TaxonomyValues } from '../data/kinds';
import { DescriptionField } from './description-field';
import { FormActions } from './form-actions';
import { NameFields } from './name-fields';
import { saveHandlers, type SaveHandlers } from './save-handlers';

/** The API names its field errors as the form names its fields (a category has no code). */
const FIELDS = { name: 'name', code: 'code', description: 'description' } as const;

/** Create mode when `item` is null, update mode otherwise. */
export function TaxonomyFormDialog({
  kind,
  open,
  onOpenChange,
  item,
}: {
  kind: TaxonomyKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: TaxonomyItem | null;
}) {
  const create = useCreateItem(kind);
  const update = useUpdateItem(kind);
  const { messages } = kind;
  // The mutations live here, not in the form, and the dialog stays open while one runs.
  const pending = create.isPending || update.isPending;
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle className="pr-8">{item ? `Edit ${kind.noun}` : `Add ${kind.noun}`}</DialogTitle>
        <DialogDescription>
          {item ? `Changes show everywhere "${item.name}" appears.` : kind.newItemHint}
        </DialogDescription>
        <TaxonomyForm
          kind={kind}
          item={item}
          pending={pending}
          onSave={(values, handlers) =>
            item
              ? update.mutate({ id: item.id, values }, handlers(messages.updated, messages.updateFailed))
              : create.mutate(values, handlers(messages.created, messages.createFailed))
          }
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function TaxonomyForm({
  kind,
  item,
  pending,
  onSave,
  onDone,
}: {
  kind: TaxonomyKind;
  item: TaxonomyItem | null;
  pending: boolean;
  onSave: (values: TaxonomyValues, handlers: SaveHandlers) => void;
  onDone: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(kind.schema),
    mode: 'onChange',
    defaultValues: {
      name: item?.name ?? '',
      ...(kind.hasCode ? { code: item?.code ?? '' } : {}),
      description: item?.description ?? '',
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isDirty },
  } = form;
  const description = useWatch({ control, name: 'description' });
  const handlers = saveHandlers(setError, FIELDS, onDone);

  return (
    <form onSubmit={handleSubmit((values) => onSave(values, handlers))} noValidate className="flex flex-col gap-4">
      <NameFields form={form} withCode={kind.hasCode} />
      <DescriptionField
        registration={register('description')}
        length={description.length}
        error={errors.description?.message}
      />
      <FormActions mode={item ? 'update' : 'create'} pending={pending} dirty={isDirty} />
    </form>
  );
}
