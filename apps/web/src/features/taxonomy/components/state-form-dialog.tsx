import { zodResolver } from '@hookform/resolvers/zod';
import { stateInputSchema, TAXONOMY_MESSAGES, type StateValues, type UsState } from '@kettle/shared';
import { useForm, useWatch } from 'react-hook-form';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCreateState } from '../api/create-state';
import { useUpdateState } from '../api/update-state';
import { DescriptionField } from './description-field';
import { FormActions } from './form-actions';
import { saveHandlers, type SaveHandlers } from './save-handlers';

const MESSAGES = TAXONOMY_MESSAGES.state;

/** Create mode when `state` is null, update mode otherwise. */
export function StateFormDialog({
  open,
  onOpenChange,
  state,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: UsState | null;
}) {
  const create = useCreateState();
  const update = useUpdateState();
  // The mutations live here, not in the form, and the dialog stays open while one runs.
  const pending = create.isPending || update.isPending;
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle className="pr-8">{state ? 'Edit State' : 'Add State'}</DialogTitle>
        <DialogDescription>
          {state ? `Changes show everywhere "${state.name}" appears.` : 'A new place people can file teas under.'}
        </DialogDescription>
        <StateForm
          state={state}
          pending={pending}
          onSave={(values, handlers) =>
            state
              ? update.mutate({ id: state.id, values }, handlers(MESSAGES.updated, MESSAGES.updateFailed))
              : create.mutate(values, handlers(MESSAGES.created, MESSAGES.createFailed))
          }
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function StateForm({
  state,
  pending,
  onSave,
  onDone,
}: {
  state: UsState | null;
  pending: boolean;
  onSave: (values: StateValues, handlers: SaveHandlers) => void;
  onDone: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(stateInputSchema),
    mode: 'onChange',
    defaultValues: { name: state?.name ?? '', code: state?.code ?? '', description: state?.description ?? '' },
  });
  const description = useWatch({ control, name: 'description' });
  const handlers = saveHandlers(setError, { name: 'name', code: 'code', description: 'description' }, onDone);

  return (
    <form onSubmit={handleSubmit((values) => onSave(values, handlers))} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <FormField label="Name" error={errors.name?.message}>
          <Input autoComplete="off" {...register('name')} />
        </FormField>
        <FormField label="Code" error={errors.code?.message} hint="Two letters, e.g. WY">
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="uppercase"
            {...register('code')}
          />
        </FormField>
      </div>
      <DescriptionField
        registration={register('description')}
        length={description.length}
        error={errors.description?.message}
      />
      <FormActions mode={state ? 'update' : 'create'} pending={pending} dirty={isDirty} />
    </form>
  );
}
