import { TWO_FACTOR_MESSAGES, type AdminUser } from '@kettle/shared';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { apiErrorMessage } from '@/lib/api-error-message';
import { toastError } from '@/lib/toast-store';
import { useResetTwoFactor } from '../api/reset-two-factor';

/**
 * For a member who lost both their authenticator and their recovery codes: the dialog says what
 * to check first, because whoever asks for a reset gets an account protected by its password alone.
 */
export function ResetTwoFactorDialog({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const reset = useResetTwoFactor();

  const confirm = () =>
    reset.mutate(user.id, {
      onSuccess: () => setOpen(false),
      onError: (error) => toastError(apiErrorMessage(error, TWO_FACTOR_MESSAGES.resetFailed)),
    });

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <KeyRound aria-hidden="true" />
        Reset 2FA
      </Button>
      <Dialog open={open} onOpenChange={(next) => !reset.isPending && setOpen(next)}>
        <DialogContent className="max-w-md">
          <DialogTitle className="pr-8">Reset two-factor sign-in</DialogTitle>
          <DialogDescription>
            {user.username} will be signed out on every device and can then sign in with their password alone. Do this
            only when they asked from the account&apos;s own email address ({user.email}) and lost both their
            authenticator app and their recovery codes. They are told by email.
          </DialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={reset.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="destructive" onClick={confirm} disabled={reset.isPending} aria-busy={reset.isPending}>
              {reset.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {reset.isPending ? 'Resetting...' : 'Reset two-factor'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
