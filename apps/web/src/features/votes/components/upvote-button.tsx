import { COIN_MESSAGES, COSTS, type PostDetail, formatCount, suspendedUntilText } from '@kettle/shared';
import { useSuspendedUntil } from '@/components/enforcement/suspension-hint';
import { LoaderCircle, ThumbsUp } from 'lucide-react';
import { useId } from 'react';
import { CostNotice } from '@/components/forms/cost-notice';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useCoinCost } from '@/lib/coin-cost';
import { useSession } from '@/lib/session';
import { useUpvotePost } from '../api/upvote-post';

type VotePost = Pick<PostDetail, 'id' | 'vote_count' | 'has_user_voted' | 'can_vote' | 'is_locked'>;

const votes = (n: number) => `${formatCount(n)} ${n === 1 ? 'vote' : 'votes'}`;

/** Why the button cannot be pressed, for the reader (and screen readers, via aria-describedby). */
function reason(post: VotePost, signedIn: boolean): string | null {
  if (post.has_user_voted) return 'You upvoted this tea.';
  if (post.can_vote) return null;
  if (!signedIn) return 'Sign in to upvote.';
  if (post.is_locked) return 'Unlock this tea to upvote it.';
  return 'You cannot upvote this tea.';
}

/**
 * product.md §2: the upvote button with the vote count. A toggle showing whether this reader voted
 * (aria-pressed); disabled while the vote is sending, once voted, and whenever the server says
 * this reader cannot vote (visitor, locked, own tea, unpublished). Costs COSTS.upvote coins: the
 * cost and balance are the button's description (and its title; the balance is also in the
 * header), kept out of sight beside the title; a short balance disables it with the missing coins
 * and a Buy Coins link in visible text, not only a hover title.
 */
export function UpvoteButton({ post, className }: { post: VotePost; className?: string }) {
  const { isAuthenticated } = useSession();
  const { mutate, isPending } = useUpvotePost(post.id);
  const price = useCoinCost(COSTS.upvote);
  const reasonId = useId();
  const suspendedUntil = useSuspendedUntil();
  // Said only when the suspension is what stops the vote (not their own or a locked tea).
  const why = suspendedUntil && post.can_vote ? suspendedUntilText(suspendedUntil) : reason(post, isAuthenticated);
  const short = price.shortfall > 0;
  const disabled = isPending || post.has_user_voted || !post.can_vote || short || suspendedUntil !== null;
  const title = why ?? (short ? COIN_MESSAGES.shortfall(price.shortfall) : `Upvote for ${COSTS.upvote} Tea Coins`);
  return (
    <span className={cn('inline-flex flex-col items-end gap-1', className)}>
      <Button
        variant={post.has_user_voted ? 'default' : 'outline'}
        onClick={() => mutate()}
        disabled={disabled}
        aria-pressed={post.has_user_voted}
        aria-busy={isPending}
        aria-label={`${post.has_user_voted ? 'Upvoted' : 'Upvote'}, ${votes(post.vote_count)}`}
        aria-describedby={reasonId}
        title={title}
        className="min-w-20 tabular-nums"
      >
        {isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ThumbsUp aria-hidden="true" />}
        <span aria-hidden="true">{formatCount(post.vote_count)}</span>
      </Button>
      {why ? (
        // A suspension is said in sight from sm up (the button looks merely grey); on a phone the
        // column would squeeze the title, and the page's banner already names the end date.
        <span
          id={reasonId}
          className={
            suspendedUntil && post.can_vote
              ? 'sr-only max-w-36 text-right text-xs text-muted-foreground sm:not-sr-only'
              : 'sr-only'
          }
        >
          {why}
        </span>
      ) : (
        <CostNotice price={price} id={reasonId} inline quiet className="max-w-36 text-right" />
      )}
    </span>
  );
}
