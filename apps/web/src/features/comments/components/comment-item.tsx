import type { Comment } from '@kettle/shared';
import { MessageCircle, Trophy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { InitialsAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Timestamp } from '@/components/ui/timestamp';
import { cn } from '@/lib/cn';
import { AwardBountyButton } from './award-bounty-button';
import { CommentForm } from './comment-form';
import { CommentMenu } from './comment-menu';
import { NO_BOUNTY, type CommentsVariant, type ThreadBounty } from './comment-thread';

/** Replies indent up to this depth; deeper ones line up so a phone keeps room for the text. */
const MAX_INDENT_DEPTH = 3;

type CommentItemProps = {
  comment: Comment;
  postId: string;
  /** The tea's subject, whose handle in a reply is not someone else's profile. */
  subjectHandle?: string;
  variant: CommentsVariant;
  /** The tea is published: only then are replies (and reports) taken. */
  canReply: boolean;
  bounty?: ThreadBounty;
  depth?: number;
};

/** 'Bounty winner' beside the name; it takes focus when the award has just been made here. */
function WinnerBadge() {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    // Mounted by an award in this page: the Award button that had focus is gone.
    if (document.activeElement === null || document.activeElement === document.body) ref.current?.focus();
  }, []);
  return (
    <span ref={ref} tabIndex={-1} className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <Badge variant="success">
        <Trophy className="size-3.5" aria-hidden="true" /> Bounty winner
      </Badge>
    </span>
  );
}

/** One comment with its menu, 'Reply' toggle and inline reply box, and its replies nested below. */
export function CommentItem({
  comment,
  postId,
  subjectHandle,
  variant,
  canReply,
  bounty = NO_BOUNTY,
  depth = 0,
}: CommentItemProps) {
  const [replying, setReplying] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const boxId = useId();
  const nameId = useId();
  const name = `@${comment.username}`;

  const closeReply = () => {
    setReplying(false);
    toggleRef.current?.focus();
  };

  return (
    <li>
      <article aria-labelledby={nameId} className="flex gap-3">
        <InitialsAvatar username={comment.username} className="size-9 text-sm" />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex items-start gap-2">
            <p className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2 gap-y-0.5">
              <span id={nameId} className="break-all font-semibold">
                <span className="sr-only">Comment by </span>
                {comment.username}
              </span>
              {comment.is_own ? <Badge variant="outline">You</Badge> : null}
              {bounty.awardedCommentId === comment.id ? <WinnerBadge /> : null}
              <Timestamp iso={comment.created_at} className="text-xs text-muted-foreground" />
            </p>
            <CommentMenu comment={comment} postId={postId} published={canReply} />
          </div>
          <p className="whitespace-pre-line break-words text-sm leading-relaxed">{comment.content}</p>
          {canReply ? (
            <div className="flex flex-wrap items-center gap-x-3">
              <Button
                ref={toggleRef}
                variant="ghost"
                size="sm"
                className="-ml-2 h-8 text-muted-foreground"
                aria-expanded={replying}
                aria-controls={replying ? boxId : undefined}
                onClick={() => setReplying((open) => !open)}
              >
                <MessageCircle aria-hidden="true" /> Reply
                <span className="sr-only"> to {name}</span>
              </Button>
              {bounty.canAward && !comment.is_own ? (
                <AwardBountyButton postId={postId} comment={comment} amount={bounty.amount} />
              ) : null}
            </div>
          ) : null}
          {replying ? (
            <div id={boxId}>
              <CommentForm
                postId={postId}
                subjectHandle={subjectHandle}
                parentId={comment.id}
                label={`Reply to ${name}`}
                caption={variant === 'post' ? `Replying to ${name}` : undefined}
                placeholder={variant === 'post' ? 'Write a reply...' : `Reply to ${name}...`}
                submitLabel="Reply"
                autoFocus
                onCancel={closeReply}
                onSent={closeReply}
              />
            </div>
          ) : null}
          {comment.replies.length > 0 ? (
            <ol
              aria-label={`Replies to ${name}`}
              className={cn('mt-2 grid gap-4', depth < MAX_INDENT_DEPTH && 'border-l-2 border-border pl-3 sm:pl-4')}
            >
              {comment.replies.map((reply) => (
                <CommentItem
                  key={reply.id}
                  comment={reply}
                  postId={postId}
                  subjectHandle={subjectHandle}
                  variant={variant}
                  canReply={canReply}
                  bounty={bounty}
                  depth={depth + 1}
                />
              ))}
            </ol>
          ) : null}
        </div>
      </article>
    </li>
  );
}
