import { COMMENT_MESSAGES, type Comment } from '@kettle/shared';
import { MessageSquare, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { InitialsAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Timestamp } from '@/components/ui/timestamp';
import { apiErrorMessage } from '@/lib/api-error-message';
import { cn } from '@/lib/cn';
import { toastError } from '@/lib/toast-store';
import { useComments, useDeleteComment } from '../api/comments';
import { countComments } from '../utils/comment-tree';

/** Replies indent up to this depth; deeper ones line up so phones keep room for the text. */
const MAX_INDENT_DEPTH = 3;

function CommentNode({
  comment,
  depth,
  onDelete,
}: {
  comment: Comment;
  depth: number;
  onDelete: (comment: Comment) => void;
}) {
  const replies = comment.replies.length;
  return (
    <li className="grid gap-3">
      <article aria-label={`Comment by @${comment.username}`} className="flex gap-3">
        <InitialsAvatar username={comment.username} className="size-8 text-xs" />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="break-all font-semibold">@{comment.username}</span>
            <Timestamp iso={comment.created_at} className="text-muted-foreground" />
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto h-8 px-2 text-destructive"
              aria-label={`Delete comment by @${comment.username}`}
              onClick={() => onDelete(comment)}
            >
              <Trash2 aria-hidden="true" /> <span className="hidden sm:inline">Delete</span>
            </Button>
          </div>
          <p className="whitespace-pre-line break-words text-sm">{comment.content}</p>
          {replies > 0 ? (
            <p className="text-xs text-muted-foreground">
              {replies} {replies === 1 ? 'reply' : 'replies'}
            </p>
          ) : null}
        </div>
      </article>
      {replies > 0 ? (
        <ul
          aria-label={`Replies to @${comment.username}`}
          className={cn('grid gap-4 border-l-2 border-border', depth < MAX_INDENT_DEPTH ? 'ml-4 pl-4' : 'pl-3')}
        >
          {comment.replies.map((reply) => (
            <CommentNode key={reply.id} comment={reply} depth={depth + 1} onDelete={onDelete} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function AdminCommentsSkeleton() {
  return (
    <div role="status" aria-label="Loading comments" className="grid gap-4">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="flex gap-3">
          <Skeleton className="size-8 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-10 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The post's real comments for the admin (read free), as a read-only tree with Delete behind a
 * confirmation. Deleting a comment removes its replies too.
 */
export function AdminPostComments({ postId }: { postId: string }) {
  const headingId = useId();
  const query = useComments(postId);
  const remove = useDeleteComment(postId);
  const [target, setTarget] = useState<Comment | null>(null);
  const count = query.data ? countComments(query.data.comments) : null;

  const handleConfirm = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => setTarget(null),
      onError: (error) => toastError(apiErrorMessage(error, COMMENT_MESSAGES.deleteFailed)),
    });
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-2xl border border-border bg-card p-5 sm:p-6">
      <h2 id={headingId} className="font-display text-xl font-semibold">
        Comments{count === null ? '' : ` (${count})`}
      </h2>
      <QueryState
        query={query}
        loading={<AdminCommentsSkeleton />}
        error={{ message: (error) => apiErrorMessage(error, COMMENT_MESSAGES.fetchFailed) }}
        empty={{
          when: (data) => data.comments.length === 0,
          view: (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <MessageSquare className="size-4 shrink-0" aria-hidden="true" /> No comments on this tea yet.
            </p>
          ),
        }}
      >
        {(data) => (
          <ul className="grid gap-5">
            {data.comments.map((comment) => (
              <CommentNode key={comment.id} comment={comment} depth={0} onDelete={setTarget} />
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        title="Delete this comment?"
        description={
          target ? (
            <>
              The comment by @{target.username}
              {target.replies.length > 0 ? ' and every reply under it' : ''} will be removed for good. This cannot be
              undone.
            </>
          ) : null
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={handleConfirm}
      />
    </section>
  );
}
