import { zodResolver } from '@hookform/resolvers/zod';
import {
  LIFT_MESSAGES,
  LIFT_REASON_MAX,
  formatUntil,
  liftActionInputSchema,
  type AdminUser,
  type LiftActionInput,
} from '@kettle/shared';
import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { toastError } from '@/lib/toast-store';
import { useLiftAccountAction } from '../api/lift-account-action';

type Liftable = { kind: 'ban' | 'suspension'; actionId: string };

/** The ban or running suspension the card can lift, if any (a suspension recorded without an action cannot). */
export function liftableOf(user: AdminUser): Liftable | null {
  const { state, action_id: actionId } = user.standing;
  if (!actionId) return null;
  if (state === 'banned') return { kind: 'ban', actionId };
  if (state === 'suspended') return { kind: 'suspension', actionId };
  return null;
}

function effect(user: AdminUser, kind: Liftable['kind']): string {
  const { rule_title: rule, until } = user.standing;
  const what =
    kind === 'ban'
      ? `the ban for "${rule ?? 'a rule'}"; ${user.username} can sign in again`
      : `the suspension for "${rule ?? 'a rule'}"${until ? ` (until ${formatUntil(until)})` : ''}; ${user.username} can take part again`;
  return `This lifts ${what}. They are told in the app and by email with your reason, a pending appeal against it is closed, and the lift is kept in the audit log.`;
}

/**
 * 'Lift ban' / 'Lift suspension' (issue 70): its own audited decision with a reason, never a side
 * effect of Activate. The dialog stays open while the call runs and after a failure.
 */
export function LiftActionDialog({ user }: { user: AdminUser }) {
  const liftable = liftableOf(user);
  const [open, setOpen] = useState(false);
  const lift = useLiftAccountAction();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm<LiftActionInput, unknown, { reason: string }>({
    resolver: zodResolver(liftActionInputSchema),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });
  const reason = useWatch({ control, name: 'reason' }) ?? '';
  if (!liftable) return null;
  const label = liftable.kind === 'ban' ? 'Lift ban' : 'Lift suspension';

  const submit = handleSubmit((values) =>
    lift.mutate(
      { userId: user.id, actionId: liftable.actionId, reason: values.reason },
      {
        onSuccess: () => {
          setOpen(false);
          reset();
        },
        onError: (error) => {
          if (!applyFieldErrors(error, setError, { reason: 'reason' })) {
            toastError(apiErrorMessage(error, LIFT_MESSAGES.liftFailed));
          }
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !lift.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="secondary" aria-label={`${label} of ${user.username}`}>
          <Undo2 aria-hidden="true" /> {label}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogTitle className="pr-8">{label}</DialogTitle>
        <DialogDescription>{effect(user, liftable.kind)}</DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField
            label="Reason"
            error={errors.reason?.message}
            hint={
              <span className={reason.length > LIFT_REASON_MAX ? 'text-destructive' : undefined}>
                {user.username} reads this. {reason.length}/{LIFT_REASON_MAX}
                <span className="sr-only"> characters</span>
              </span>
            }
          >
            <Textarea rows={3} {...register('reason')} />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={lift.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton pending={lift.isPending} pendingLabel="Lifting...">
              {label}
            </SubmitButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
