import { BOUNTY_MESSAGES, type Comment, teaCoins } from '@kettle/shared';
import { Trophy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { apiErrorMessage } from '@/lib/api-error-message';
import { toastError } from '@/lib/toast-store';
import { useAwardBounty } from '../api/award-bounty';

/**
 * The author's 'Award bounty' on another user's comment, behind a confirm (an award is final).
 * The server decides who may award; this shows only where the post says `can_award_bounty`.
 * After a failure focus goes back to the button; after a success the button is gone and the
 * comment's winner badge takes focus (comment-item).
 */
export function AwardBountyButton({
  postId,
  comment,
  amount,
}: {
  postId: string;
  comment: Pick<Comment, 'id' | 'username'>;
  amount: number;
}) {
  const [open, setOpen] = useState(false);
  const award = useAwardBounty(postId);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const name = `@${comment.username}`;

  // After the dialog has unmounted (its focus trap is gone), so the trap cannot pull focus back.
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      triggerRef.current?.focus();
    }
  }, [open]);

  const confirm = () =>
    award.mutate(comment.id, {
      onSuccess: () => setOpen(false),
      onError: (error) => {
        setOpen(false);
        toastError(apiErrorMessage(error, BOUNTY_MESSAGES.awardFailed));
      },
    });

  return (
    <>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="sm"
        className="-ml-2 h-8 text-primary"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Trophy aria-hidden="true" /> Award bounty
        <span className="sr-only"> to {name}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Award the bounty to ${name}?`}
        description={`${teaCoins(amount)} go to ${name} for this comment. A bounty is awarded once, to one comment, and cannot be taken back.`}
        confirmLabel="Award bounty"
        pendingLabel="Awarding..."
        pending={award.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
