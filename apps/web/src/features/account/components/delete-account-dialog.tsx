import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCOUNT_DATA_MESSAGES,
  accountDeletionSchema,
  ERROR_CODES,
  TWO_FACTOR_TEXT,
  twoFactorCodeField,
  type AccountDeletionInput,
} from '@kettle/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { TwoFactorCodeField } from '@/components/forms/two-factor-code-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useCurrentUser } from '@/lib/current-user';
import { logout } from '@/lib/session';
import { toastSuccess } from '@/lib/toast-store';
import { useDeleteAccount } from '../api/delete-account';

const EMPTY: AccountDeletionInput & { code: string } = { password: '', code: '' };
const SERVER_FIELDS = { password: 'password', code: 'code' } as const;
/** With two-factor sign-in on, the owner proves it with a code as well. */
const withCodeSchema = accountDeletionSchema.extend({ code: twoFactorCodeField });

/** The server wants a code this dialog did not ask for (two-factor turned on since /auth/me was read). */
const asksForCode = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === ERROR_CODES.twoFactorInvalid || error.fieldErrors.some((item) => item.field === 'code'));

type DeleteAccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * Issue 14: every consequence is stated before anything goes, and the password proves it is the
 * owner, with a two-factor code too when that is on. A wrong password or code shows under its
 * field; a live subscription or the rate limit in the dialog. Success signs out on this device and
 * lands on the home page.
 */
export function DeleteAccountDialog({ open, onOpenChange, onCloseAutoFocus }: DeleteAccountDialogProps) {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [askCode, setAskCode] = useState(useCurrentUser().data?.two_factor_enabled === true);
  const {
    register,
    handleSubmit,
    reset,
    resetField,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(askCode ? withCodeSchema : accountDeletionSchema), defaultValues: EMPTY });

  const change = (next: boolean) => {
    if (remove.isPending) return;
    // A closed dialog keeps no password for the next time it opens.
    if (!next) reset(EMPTY);
    onOpenChange(next);
  };

  const submit = handleSubmit((values) =>
    remove.mutate(askCode ? values : { password: values.password }, {
      onSuccess: () => {
        toastSuccess(ACCOUNT_DATA_MESSAGES.deleted);
        // Locally only: the server has revoked every session already, so POST /auth/logout has
        // nothing left to do; and the tokens go before anything else can be sent with them.
        logout(undefined, { redirect: false });
        // Rendered in one go with the sign-out, so /account's guard never sends the visitor to sign in.
        void navigate('/', { replace: true, flushSync: true });
      },
      onError: (error) => {
        if (asksForCode(error)) setAskCode(true);
        if (applyFieldErrors(error, setError, SERVER_FIELDS)) return;
        if (asksForCode(error)) {
          setError('code', { type: 'server', message: error.message });
          return;
        }
        setError('root.server', { message: apiErrorMessage(error, ACCOUNT_DATA_MESSAGES.deleteFailed) });
      },
    }),
  );

  const refusal = errors.root?.server?.message;
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent role="alertdialog" className="max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle className="pr-8">Delete your account?</DialogTitle>
        {/* The whole list is the dialog's description: a screen reader reads it on opening. */}
        <DialogDescription asChild>
          <div className="grid gap-2">
            <p>This happens at once and cannot be undone.</p>
            <ul aria-label="What deleting your account does" className="grid list-disc gap-1.5 pl-5 text-foreground">
              {ACCOUNT_DATA_MESSAGES.consequences.map((consequence) => (
                <li key={consequence}>{consequence}</li>
              ))}
            </ul>
          </div>
        </DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField label="Password" error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" {...register('password')} />
          </FormField>
          {askCode ? (
            <TwoFactorCodeField
              registration={register('code')}
              error={errors.code?.message}
              hint={TWO_FACTOR_TEXT.deleteCodeHint}
              allowRecovery
              onModeChange={() => resetField('code')}
            />
          ) : null}
          {refusal ? (
            <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
              {refusal}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={remove.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton variant="destructive" pending={remove.isPending} pendingLabel="Deleting...">
              Delete my account
            </SubmitButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
