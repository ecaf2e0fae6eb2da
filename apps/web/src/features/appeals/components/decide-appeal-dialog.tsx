import { zodResolver } from '@hookform/resolvers/zod';
import { APPEAL_MESSAGES, APPEAL_REASON_MAX, appealDecisionInputSchema, type Appeal } from '@kettle/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormAlert } from '@/components/forms/form-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useDecideAppeal } from '../api/decide-appeal';
import type { AppealOutcome } from './admin-appeal-card';
import { StatementCounter } from './statement-counter';

const SERVER_FIELDS = { reason: 'reason' } as const;

const TEXTS = {
  upheld: { title: 'Uphold appeal', submit: 'Uphold Appeal', effect: 'The decision is reversed' },
  denied: { title: 'Deny appeal', submit: 'Deny Appeal', effect: 'The decision stands' },
} as const;

export type Deciding = { appeal: Appeal; outcome: AppealOutcome; opener: HTMLButtonElement };

function DecideForm({ appeal, outcome, onDone }: { appeal: Appeal; outcome: AppealOutcome; onDone: () => void }) {
  const decide = useDecideAppeal();
  // A refusal with no field (another admin's turn, decided meanwhile) stays in the dialog, in words.
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(appealDecisionInputSchema),
    mode: 'onTouched',
    defaultValues: { status: outcome, reason: '' },
  });
  const reason = useWatch({ control, name: 'reason' }) ?? '';

  const handleValidSubmit = handleSubmit((decision) => {
    setFormError(null);
    decide.mutate(
      { id: appeal.id, decision },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (!applyFieldErrors(error, setError, SERVER_FIELDS)) {
            setFormError(apiErrorMessage(error, APPEAL_MESSAGES.decideFailed));
          }
        },
      },
    );
  });

  return (
    <form onSubmit={handleValidSubmit} noValidate className="grid gap-4">
      <FormField
        label="Reason"
        error={errors.reason?.message}
        hint={<StatementCounter lead="The user reads this." length={reason.length} max={APPEAL_REASON_MAX} />}
      >
        <Textarea rows={4} {...register('reason')} />
      </FormField>
      <FormAlert message={formError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={decide.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <SubmitButton
          variant={outcome === 'upheld' ? 'default' : 'destructive'}
          pending={decide.isPending}
          pendingLabel="Saving..."
        >
          {TEXTS[outcome].submit}
        </SubmitButton>
      </div>
    </form>
  );
}

/** Uphold or Deny with the reason the user reads; one dialog for the whole queue. */
export function DecideAppealDialog({ deciding, onClose }: { deciding: Deciding | null; onClose: () => void }) {
  // The opener may have left the page (the queue refreshed after a 409): then focus stays put.
  const returnFocus = (event: Event) => {
    if (!deciding?.opener.isConnected) return;
    event.preventDefault();
    deciding.opener.focus();
  };
  return (
    <Dialog open={deciding !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {deciding ? (
        <DialogContent onCloseAutoFocus={returnFocus}>
          <DialogTitle className="pr-8">{TEXTS[deciding.outcome].title}</DialogTitle>
          <DialogDescription>
            {TEXTS[deciding.outcome].effect}, and {deciding.appeal.user?.username ?? 'the user'} is told with your
            reason.
          </DialogDescription>
          <DecideForm
            key={`${deciding.appeal.id}:${deciding.outcome}`}
            appeal={deciding.appeal}
            outcome={deciding.outcome}
            onDone={onClose}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
