import { zodResolver } from '@hookform/resolvers/zod';
import { categoryInputSchema, TAXONOMY_MESSAGES, type Category, type CategoryValues } from '@kettle/shared';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import { DescriptionField } from './description-field';
import { FormActions } from './form-actions';
import { saveHandlers, type SaveHandlers } from './save-handlers';

const MESSAGES = TAXONOMY_MESSAGES.category;

/** Create mode when `category` is null, update mode otherwise. */
export function CategoryFormDialog({
  open,
  onOpenChange,
  category,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  category: Category | null;
}) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  // The mutations live here, not in the form, and the dialog stays open while one runs.
  const pending = create.isPending || update.isPending;
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle className="pr-8">{category ? 'Edit Category' : 'Add Category'}</DialogTitle>
        <DialogDescription>
          {category ? `Changes show everywhere "${category.name}" appears.` : 'A new topic people can file teas under.'}
        </DialogDescription>
        <CategoryForm
          category={category}
          pending={pending}
          onSave={(values, handlers) =>
            category
              ? update.mutate({ id: category.id, values }, handlers(MESSAGES.updated, MESSAGES.updateFailed))
              : create.mutate(values, handlers(MESSAGES.created, MESSAGES.createFailed))
          }
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function CategoryForm({
  category,
  pending,
  onSave,
  onDone,
}: {
  category: Category | null;
  pending: boolean;
  onSave: (values: CategoryValues, handlers: SaveHandlers) => void;
  onDone: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(categoryInputSchema),
    mode: 'onChange',
    defaultValues: { name: category?.name ?? '', description: category?.description ?? '' },
  });
  const description = useWatch({ control, name: 'description' });
  const handlers = saveHandlers(setError, { name: 'name', description: 'description' }, onDone);

  return (
    <form onSubmit={handleSubmit((values) => onSave(values, handlers))} noValidate className="flex flex-col gap-4">
      <FormField label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...register('name')} />
      </FormField>
      <DescriptionField
        registration={register('description')}
        length={description.length}
        error={errors.description?.message}
      />
      <FormActions mode={category ? 'update' : 'create'} pending={pending} dirty={isDirty} />
    </form>
  );
}
