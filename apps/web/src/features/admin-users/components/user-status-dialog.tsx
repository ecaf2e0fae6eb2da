import { ADMIN_USER_MESSAGES, type AdminUser } from '@kettle/shared';
import { LoaderCircle, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { apiErrorMessage } from '@/lib/api-error-message';
import { toastError } from '@/lib/toast-store';
import { useUpdateUserStatus } from '../api/update-user-status';

/** What the change does, said before it happens. */
function effect(user: AdminUser): string {
  return user.is_active
    ? `${user.username} will be signed out on every device and cannot sign in, post or use their coins until an admin activates the account again. Their posts, comments and coins are kept.`
    : `${user.username} will be able to sign in and use the site again. Sessions ended by the deactivation stay ended, so they sign in afresh.`;
}

/**
 * 'Update User Status' (the spec's stub, built for real): a status button on the card and a
 * dialog that explains the effect before confirming. It stays open while the call runs and after
 * a failure. Admins cannot deactivate themselves (the API refuses too).
 */
export function UserStatusDialog({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateUserStatus();
  const deactivating = user.is_active;
  const action = deactivating ? 'Deactivate' : 'Activate';

  const confirm = () =>
    update.mutate(
      { id: user.id, is_active: !user.is_active },
      {
        onSuccess: () => setOpen(false),
        onError: (error) => toastError(apiErrorMessage(error, ADMIN_USER_MESSAGES.statusFailed)),
      },
    );

  return (
    <>
      <Button
        variant={deactivating ? 'outline' : 'secondary'}
        disabled={deactivating && isSelf}
        title={deactivating && isSelf ? ADMIN_USER_MESSAGES.cannotDeactivateSelf : undefined}
        onClick={() => setOpen(true)}
      >
        {deactivating ? <UserX aria-hidden="true" /> : <UserCheck aria-hidden="true" />}
        {action}
      </Button>
      <Dialog open={open} onOpenChange={(next) => !update.isPending && setOpen(next)}>
        <DialogContent className="max-w-md">
          <DialogTitle className="pr-8">Update User Status</DialogTitle>
          <DialogDescription>{effect(user)}</DialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={update.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              variant={deactivating ? 'destructive' : 'default'}
              onClick={confirm}
              disabled={update.isPending}
              aria-busy={update.isPending}
            >
              {update.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {update.isPending ? (deactivating ? 'Deactivating...' : 'Activating...') : action}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
