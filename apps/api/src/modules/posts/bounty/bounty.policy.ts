import { BOUNTY_LIMITS, COSTS, type BountyStatus, type PostStatus } from '@kettle/shared';
import type { Viewer } from '../access/rule.js';

const DAY_MS = 86_400_000;
export const BOUNTY_EXPIRY_MS = BOUNTY_LIMITS.expiryDays * DAY_MS;

type BountyFacts = { authorId: string; status: PostStatus; bountyStatus: BountyStatus; publishedAt: Date | null };

/** What a submission takes from the balance: its fee plus the bounty it escrows. */
export const submissionTotal = (bounty: number, reversal: boolean): number =>
  (reversal ? COSTS.submitReversal : COSTS.submitTea) + bounty;

/** An award needs a published tea whose bounty is still held. */
export const bountyOpen = (post: BountyFacts): boolean =>
  post.status === 'approved' && post.bountyStatus === 'escrowed';

/** Only the author awards, and only while the bounty is open. */
export const canAwardBounty = (viewer: Viewer, post: BountyFacts): boolean =>
  viewer !== null && viewer.id === post.authorId && bountyOpen(post);

/** When an open bounty on a published tea goes back to its author unawarded. */
export const bountyExpiresAt = (post: BountyFacts): Date | null =>
  bountyOpen(post) && post.publishedAt ? new Date(post.publishedAt.getTime() + BOUNTY_EXPIRY_MS) : null;

export type AwardRefusal = 'not_author' | 'not_published' | 'not_open' | null;

/** Why `actorId` may not award this post's bounty (before looking at the comment), or null. */
export function awardRefusal(actorId: string, post: BountyFacts): AwardRefusal {
  if (post.authorId !== actorId) return 'not_author';
  if (post.status !== 'approved') return 'not_published';
  if (post.bountyStatus !== 'escrowed') return 'not_open';
  return null;
}

export type CommentRefusal = 'other_post' | 'own' | null;

/** The award goes to a comment on this tea by someone other than its author. */
export function commentRefusal(
  post: { id: string; authorId: string },
  comment: { postId: string; userId: string },
): CommentRefusal {
  if (comment.postId !== post.id) return 'other_post';
  if (comment.userId === post.authorId) return 'own';
  return null;
}
