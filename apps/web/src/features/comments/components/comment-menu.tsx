import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { actsAsAdmin, BLOCK_MESSAGES, COMMENT_MESSAGES, type Comment } from '@kettle/shared';
import { Ban, EllipsisVertical, Flag, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReportDialog } from '@/features/reports/components/report-dialog';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useCurrentUser } from '@/lib/current-user';
import { toastError } from '@/lib/toast-store';
import { useBlockUser } from '../api/block-user';
import { useDeleteComment } from '../api/comments';

type Action = 'report' | 'block' | 'delete';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-lg px-2 py-2 text-sm outline-none data-[highlighted]:bg-muted';

/**
 * A comment's menu (decisions.md: Report and Block, on the post and reversal pages alike).
 * Someone else's comment: Report (to the moderators; not by admins, not on unpublished teas)
 * and Block @name (hide their comments; undone in My Account). One's own: Delete. Admins may
 * delete any comment.
 *
 * The chosen dialog opens only once the menu has closed and handed focus back to its button;
 * when the dialog closes, focus goes back to that button (a dialog without a Radix trigger
 * would leave it on the page's body).
 */
export function CommentMenu({
  comment,
  postId,
  published,
}: {
  comment: Comment;
  postId: string;
  /** Comments on an unpublished tea cannot be reported. */
  published: boolean;
}) {
  const { data: me } = useCurrentUser();
  const [chosen, setChosen] = useState<Action | null>(null);
  const [open, setOpen] = useState<Action | null>(null);
  const [reportUsed, setReportUsed] = useState(false);
  const block = useBlockUser();
  const remove = useDeleteComment(postId);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const hadDialog = useRef(false);

  // After the dialog has unmounted (its focus trap is gone), so the trap cannot pull focus back.
  useEffect(() => {
    if (open) hadDialog.current = true;
    else if (hadDialog.current) {
      hadDialog.current = false;
      triggerRef.current?.focus();
    }
  }, [open]);

  const isAdmin = actsAsAdmin(me);
  const canDelete = comment.is_own || isAdmin;
  const others = !comment.is_own;
  // Admins decide reports rather than file them, and nobody reports their own words.
  const canReport = others && !isAdmin && published;
  const openChosen = () => {
    if (chosen === 'report') setReportUsed(true);
    setOpen(chosen);
    setChosen(null);
  };
  const close = () => setOpen(null);

  const confirmBlock = () =>
    block.mutate(
      { userId: comment.user_id, username: comment.username },
      {
        onSuccess: close,
        onError: (error) => {
          close();
          toastError(apiErrorMessage(error, BLOCK_MESSAGES.failed));
        },
      },
    );

  const confirmDelete = () =>
    remove.mutate(comment.id, {
      onSuccess: close,
      onError: (error) => {
        close();
        toastError(apiErrorMessage(error, COMMENT_MESSAGES.deleteFailed));
      },
    });

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button
            ref={triggerRef}
            type="button"
            aria-label={`Actions for the comment by ${comment.username}`}
            className="grid size-9 shrink-0 place-items-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <EllipsisVertical className="size-4" aria-hidden="true" />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            onCloseAutoFocus={openChosen}
            className="z-50 min-w-44 rounded-xl border border-border bg-card p-1 text-card-foreground shadow-lg"
          >
            {canReport ? (
              <DropdownMenu.Item className={ITEM} onSelect={() => setChosen('report')}>
                <Flag className="size-4" aria-hidden="true" /> Report
              </DropdownMenu.Item>
            ) : null}
            {others ? (
              <>
                <DropdownMenu.Item className={ITEM} onSelect={() => setChosen('block')}>
                  <Ban className="size-4" aria-hidden="true" />{' '}
                  <span className="break-all">Block @{comment.username}</span>
                </DropdownMenu.Item>
              </>
            ) : null}
            {canDelete ? (
              <DropdownMenu.Item className={`${ITEM} text-destructive`} onSelect={() => setChosen('delete')}>
                <Trash2 className="size-4" aria-hidden="true" /> Delete
              </DropdownMenu.Item>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      {reportUsed ? (
        <ReportDialog
          target={{ kind: 'comment', commentId: comment.id, postId }}
          open={open === 'report'}
          onOpenChange={(next) => setOpen(next ? 'report' : null)}
        />
      ) : null}
      <ConfirmDialog
        open={open === 'block'}
        onOpenChange={(next) => setOpen(next ? 'block' : null)}
        title={`Block @${comment.username}?`}
        description={`You will no longer see comments from @${comment.username}, on any tea. You can unblock them in My Account.`}
        confirmLabel="Block"
        pendingLabel="Blocking..."
        destructive
        pending={block.isPending}
        onConfirm={confirmBlock}
      />
      <ConfirmDialog
        open={open === 'delete'}
        onOpenChange={(next) => setOpen(next ? 'delete' : null)}
        title="Delete this comment?"
        description={
          comment.replies.length > 0
            ? 'The comment and every reply under it will be removed. This cannot be undone, and the coins spent are not refunded.'
            : 'The comment will be removed. This cannot be undone, and the coins spent are not refunded.'
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
