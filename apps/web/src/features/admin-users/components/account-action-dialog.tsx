import { ADMIN_USER_MESSAGES } from '@kettle/shared';
import { Gavel } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useAdminUserById } from '../api/get-admin-user';
import { AccountActionForm, type ActionUser } from './account-action-form';
import { UserActionHistory } from './user-action-history';

/** Whom the action is on. A report knows only its author's id: the name is read once the dialog opens. */
export type ActionTarget = { id: string; username?: string };

type AccountActionDialogProps = {
  user: ActionTarget;
  /** The tea the action cites, when it is taken from one. */
  postId?: string;
  /** The trigger's own words when it names no user ('Take action on author'); else 'Take Action'. */
  triggerLabel?: string;
};

/**
 * 'Take Action' (issue 14): a warning, a suspension or a ban under one of the community rules,
 * above the user's past actions. Not offered on the admin's own account (the API refuses too).
 */
export function AccountActionDialog({ user, postId, triggerLabel }: AccountActionDialogProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" aria-label={triggerLabel ? undefined : `Take action on ${user.username}`}>
          <Gavel aria-hidden="true" /> {triggerLabel ?? 'Take Action'}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogTitle className="pr-8">Take Action</DialogTitle>
        {/* Mounted only while open: every opening starts empty and reads the history afresh. */}
        {open && user.username !== undefined ? (
          <ActionBody user={{ id: user.id, username: user.username }} postId={postId} onDone={close} />
        ) : null}
        {open && user.username === undefined ? <UnnamedActionBody id={user.id} postId={postId} onDone={close} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type BodyProps = { postId?: string; onDone: () => void };

function ActionBody({ user, postId, onDone }: BodyProps & { user: ActionUser }) {
  return (
    <>
      <DialogDescription>
        {user.username} is told in the app and by email, with the rule and your message. The action
        {postId ? ', citing this tea,' : ''} is kept in their account standing and the audit log.
      </DialogDescription>
      <AccountActionForm user={user} postId={postId} onDone={onDone} />
      <UserActionHistory userId={user.id} />
    </>
  );
}

/** An admin must see whom they act on before choosing, so the form waits for the name. */
function UnnamedActionBody({ id, ...props }: BodyProps & { id: string }) {
  return (
    <QueryState
      query={useAdminUserById(id)}
      loading={
        <div role="status" aria-label="Loading the author" className="grid gap-3">
          <DialogDescription className="sr-only">Loading the author</DialogDescription>
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-24 w-full" />
        </div>
      }
      error={{ message: (error) => apiErrorMessage(error, ADMIN_USER_MESSAGES.fetchOneFailed) }}
    >
      {(author) => <ActionBody user={author} {...props} />}
    </QueryState>
  );
}
