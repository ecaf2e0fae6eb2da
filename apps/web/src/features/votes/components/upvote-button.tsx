import { COSTS, type PostDetail } from '@kettle/shared';
import { LoaderCircle, ThumbsUp } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useUpvotePost } from '../api/upvote-post';

type VotePost = Pick<PostDetail, 'id' | 'vote_count' | 'has_user_voted' | 'can_vote' | 'is_locked'>;

const votes = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'vote' : 'votes'}`;

/** Why the button cannot be pressed, for the reader (and screen readers, via aria-describedby). */
function reason(post: VotePost, signedIn: boolean): string | null {
  if (post.has_user_voted) return 'You upvoted this tea.';
  if (post.can_vote) return null;
  if (!signedIn) return 'Sign in to upvote.';
  if (post.is_locked) return 'Unlock this tea to upvote it.';
  return 'You cannot upvote this tea.';
}

/**
 * Spec §2: the upvote button with the vote count. A toggle showing whether this reader voted
 * (aria-pressed); disabled while the vote is sending, once voted, and whenever the server says
 * this reader cannot vote (visitor, locked, own tea, unpublished). Costs COSTS.upvote coins.
 */
export function UpvoteButton({ post, className }: { post: VotePost; className?: string }) {
  const { isAuthenticated } = useSession();
  const { mutate, isPending } = useUpvotePost(post.id);
  const reasonId = useId();
  const why = reason(post, isAuthenticated);
  const disabled = isPending || post.has_user_voted || !post.can_vote;
  return (
    <span className={cn('inline-flex flex-col items-end gap-1', className)}>
      <Button
        variant={post.has_user_voted ? 'default' : 'outline'}
        onClick={() => mutate()}
        disabled={disabled}
        aria-pressed={post.has_user_voted}
        aria-busy={isPending}
        aria-label={`${post.has_user_voted ? 'Upvoted' : 'Upvote'}, ${votes(post.vote_count)}`}
        aria-describedby={why ? reasonId : undefined}
        title={post.can_vote ? `Upvote for ${COSTS.upvote} Tea Coins` : (why ?? undefined)}
        className="min-w-20 tabular-nums"
      >
        {isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ThumbsUp aria-hidden="true" />}
        <span aria-hidden="true">{post.vote_count.toLocaleString()}</span>
      </Button>
      {why ? (
        <span id={reasonId} className="sr-only">
          {why}
        </span>
      ) : null}
    </span>
  );
}
