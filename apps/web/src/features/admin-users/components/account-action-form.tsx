import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_ACTION_KINDS,
  ACCOUNT_ACTION_LABELS,
  ACTION_MESSAGE_MAX,
  COMMUNITY_RULES,
  ENFORCEMENT_MESSAGES,
  SUSPENSION_DAYS,
  accountActionInputSchema,
  type AccountActionData,
  type AccountActionInput,
  type AccountActionKind,
} from '@kettle/shared';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogClose } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { toastError } from '@/lib/toast-store';
import { useIssueAccountAction } from '../api/issue-account-action';

const SERVER_FIELDS = { kind: 'kind', days: 'days', rule: 'rule', message: 'message' } as const;

const KIND_HINTS: Record<AccountActionKind, string> = {
  warning: 'A notice with your message. Nothing is blocked.',
  suspension: 'No posting, unlocking, voting, commenting or reporting for a number of days.',
  ban: 'Deactivates the account for good.',
};

const SUBMIT_LABELS: Record<AccountActionKind, string> = {
  warning: 'Send Warning',
  suspension: 'Suspend User',
  ban: 'Ban User',
};

/** Whom the form acts on: enough to address the request and name them in the texts. */
export type ActionUser = { id: string; username: string };

type AccountActionFormProps = {
  user: ActionUser;
  /** The tea the action cites (sent as post_id), when it is taken from one. */
  postId?: string;
  onDone: () => void;
};

/** The action's form: kind, days (a suspension only), the rule broken and the message the user reads. */
export function AccountActionForm({ user, postId, onDone }: AccountActionFormProps) {
  const issue = useIssueAccountAction();
  const kindId = useId();
  const kindErrorId = `${kindId}-error`;
  const [confirmBan, setConfirmBan] = useState<AccountActionData | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<AccountActionInput, unknown, AccountActionData>({
    resolver: zodResolver(accountActionInputSchema),
    mode: 'onTouched',
    defaultValues: { kind: 'warning', message: '' },
  });
  const kind = useWatch({ control, name: 'kind' });
  const message = useWatch({ control, name: 'message' }) ?? '';

  const send = (action: AccountActionData) =>
    issue.mutate(
      { id: user.id, action: postId === undefined ? action : { ...action, post_id: postId } },
      {
        onSuccess: () => {
          setConfirmBan(null);
          onDone();
        },
        onError: (error) => {
          setConfirmBan(null);
          if (!applyFieldErrors(error, setError, SERVER_FIELDS)) {
            toastError(apiErrorMessage(error, ENFORCEMENT_MESSAGES.issueFailed));
          }
        },
      },
    );

  // A ban cannot be taken back from this dialog: it asks once more before sending.
  const handleValidSubmit = handleSubmit((values) => (values.kind === 'ban' ? setConfirmBan(values) : send(values)));

  return (
    <>
      <form onSubmit={handleValidSubmit} noValidate className="grid gap-4">
        <fieldset className="grid gap-2" aria-describedby={errors.kind ? kindErrorId : undefined}>
          <legend className="mb-2 text-sm font-medium">Action</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {ACCOUNT_ACTION_KINDS.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-start gap-2 rounded-lg border border-border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
              >
                {/* Named by the label alone, the hint as its description: 'Suspension', not a sentence. */}
                <input
                  type="radio"
                  value={value}
                  aria-labelledby={`${kindId}-${value}`}
                  aria-describedby={`${kindId}-${value}-hint`}
                  className="mt-0.5 size-4 accent-primary"
                  {...register('kind')}
                />
                <span className="grid gap-0.5">
                  <span id={`${kindId}-${value}`} className="font-medium">
                    {ACCOUNT_ACTION_LABELS[value]}
                  </span>
                  <span id={`${kindId}-${value}-hint`} className="text-xs text-muted-foreground">
                    {KIND_HINTS[value]}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {errors.kind?.message ? (
            <p id={kindErrorId} role="alert" className="text-sm text-destructive">
              {errors.kind.message}
            </p>
          ) : null}
        </fieldset>
        {kind === 'suspension' ? (
          <FormField
            label="Days"
            error={errors.days?.message}
            hint={`From ${SUSPENSION_DAYS.min} to ${SUSPENSION_DAYS.max}.`}
          >
            <Input
              type="number"
              inputMode="numeric"
              step={1}
              min={SUSPENSION_DAYS.min}
              max={SUSPENSION_DAYS.max}
              className="w-32"
              // Unregistered when hidden: a warning or a ban must send no days at all.
              {...register('days', { valueAsNumber: true, shouldUnregister: true })}
            />
          </FormField>
        ) : null}
        <FormField label="Rule broken" error={errors.rule?.message}>
          <NativeSelect defaultValue="" {...register('rule')}>
            <option value="" disabled>
              Choose a rule
            </option>
            {COMMUNITY_RULES.map((rule) => (
              <option key={rule.id} value={rule.id}>
                {rule.title}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label="Message"
          error={errors.message?.message}
          hint={
            <span className={message.length > ACTION_MESSAGE_MAX ? 'text-destructive' : undefined}>
              {user.username} reads this with the rule. {message.length}/{ACTION_MESSAGE_MAX}
              <span className="sr-only"> characters</span>
            </span>
          }
        >
          <Textarea rows={4} {...register('message')} />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={issue.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <SubmitButton
            variant={kind === 'warning' ? 'default' : 'destructive'}
            pending={issue.isPending && confirmBan === null}
            disabled={issue.isPending}
            pendingLabel="Sending..."
          >
            {SUBMIT_LABELS[kind]}
          </SubmitButton>
        </div>
      </form>
      <ConfirmDialog
        open={confirmBan !== null}
        onOpenChange={(open) => !open && setConfirmBan(null)}
        title={`Ban ${user.username} permanently?`}
        description={`The account is deactivated: ${user.username} is signed out everywhere and cannot sign in again. Their teas, comments and coins are kept.`}
        confirmLabel="Ban User"
        pendingLabel="Banning..."
        destructive
        pending={issue.isPending}
        onConfirm={() => confirmBan && send(confirmBan)}
      />
    </>
  );
}
