import { zodResolver } from '@hookform/resolvers/zod';
import { APPEAL_MESSAGES, APPEAL_STATEMENT_MAX, appealInputSchema, type Appealable } from '@kettle/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormAlert } from '@/components/forms/form-alert';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useSubmitAppeal } from '../api/submit-appeal';
import { StatementCounter } from './statement-counter';

const SERVER_FIELDS = { statement: 'statement' } as const;

/** The statement and Send Appeal; the decision it names travels as hidden values. */
export function AppealForm({ appealable, onDone }: { appealable: Appealable; onDone: () => void }) {
  const submit = useSubmitAppeal();
  // What has no field of its own (a decision gone or already appealed) is said above the buttons.
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(appealInputSchema),
    mode: 'onTouched',
    defaultValues: { target_type: appealable.target_type, target_id: appealable.target_id, statement: '' },
  });
  const statement = useWatch({ control, name: 'statement' }) ?? '';

  const handleValidSubmit = handleSubmit((values) => {
    setFormError(null);
    submit.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        if (!applyFieldErrors(error, setError, SERVER_FIELDS)) {
          setFormError(apiErrorMessage(error, APPEAL_MESSAGES.submitFailed));
        }
      },
    });
  });

  return (
    <form onSubmit={handleValidSubmit} noValidate className="grid gap-4">
      <FormField
        label="Why was the decision wrong?"
        error={errors.statement?.message}
        hint={<StatementCounter length={statement.length} max={APPEAL_STATEMENT_MAX} />}
      >
        <Textarea rows={6} {...register('statement')} />
      </FormField>
      <FormAlert message={formError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={submit.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <SubmitButton pending={submit.isPending} pendingLabel="Sending...">
          Send Appeal
        </SubmitButton>
      </div>
    </form>
  );
}
