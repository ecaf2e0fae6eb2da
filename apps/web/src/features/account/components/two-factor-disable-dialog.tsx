import { zodResolver } from '@hookform/resolvers/zod';
import { ERROR_CODES, TWO_FACTOR_TEXT, twoFactorDisableSchema, type TwoFactorDisableInput } from '@kettle/shared';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/forms/form-alert';
import { isCodeReplayed } from '@/components/forms/code-replayed';
import { TwoFactorCodeField } from '@/components/forms/two-factor-code-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useSignInAgain } from '../hooks/use-sign-in-again';

const EMPTY: TwoFactorDisableInput = { password: '', code: '' };
const SERVER_FIELDS = { password: 'password', code: 'code' } as const;

type TwoFactorDisableDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/** Turning it off takes the password and a code, so an unlocked screen alone cannot weaken the account. */
export function TwoFactorDisableDialog({ open, onOpenChange, onCloseAutoFocus }: TwoFactorDisableDialogProps) {
  const disable = useDisableTwoFactor();
  const signInAgain = useSignInAgain();
  const {
    register,
    handleSubmit,
    reset,
    resetField,
    setError,
    setValue,
    formState: { errors },
  } = useForm({ resolver: zodResolver(twoFactorDisableSchema), defaultValues: EMPTY });

  const change = (next: boolean) => {
    if (disable.isPending) return;
    // A closed dialog keeps no password or code for the next time it opens.
    if (!next) reset(EMPTY);
    onOpenChange(next);
  };

  const submit = handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: () => signInAgain(TWO_FACTOR_TEXT.signedOutOff),
      onError: (error) => {
        if (isCodeReplayed(error)) setValue('code', '');
        if (applyFieldErrors(error, setError, SERVER_FIELDS)) return;
        if (error instanceof ApiError && error.code === ERROR_CODES.twoFactorInvalid) {
          setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
          return;
        }
        setError('root.server', { message: apiErrorMessage(error, TWO_FACTOR_TEXT.disableFailed) });
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle className="pr-8">Turn off two-factor sign-in?</DialogTitle>
        <DialogDescription>{TWO_FACTOR_TEXT.disableDescription}</DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormAlert message={errors.root?.server?.message} />
          <FormField label="Password" error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" {...register('password')} />
          </FormField>
          <TwoFactorCodeField
            registration={register('code')}
            error={errors.code?.message}
            allowRecovery
            onModeChange={() => resetField('code')}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={disable.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton variant="destructive" pending={disable.isPending} pendingLabel="Turning off...">
              Turn off
            </SubmitButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
