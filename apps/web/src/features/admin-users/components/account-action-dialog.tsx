import type { AdminUser } from '@kettle/shared';
import { Gavel } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { AccountActionForm } from './account-action-form';
import { UserActionHistory } from './user-action-history';

/**
 * 'Take Action' (issue 14): a warning, a suspension or a ban under one of the community rules,
 * above the user's past actions. Not offered on the admin's own card (the API refuses too).
 */
export function AccountActionDialog({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" aria-label={`Take action on ${user.username}`}>
          <Gavel aria-hidden="true" /> Take Action
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogTitle className="pr-8">Take Action</DialogTitle>
        <DialogDescription>
          {user.username} is told in the app and by email, with the rule and your message. The action is kept in their
          account standing and the audit log.
        </DialogDescription>
        {/* Mounted only while open: every opening starts empty and reads the history afresh. */}
        {open ? (
          <>
            <AccountActionForm user={user} onDone={() => setOpen(false)} />
            <UserActionHistory userId={user.id} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
