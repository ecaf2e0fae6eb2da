import {
  BOUNTY_MESSAGES,
  NOTIFICATION_TEXT,
  type BountyAwardInput,
  type BountyAwardResponse,
  type BountyRefundCause,
} from '@kettle/shared';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { posts } from '../../../db/schema.js';
import { conflict, forbidden, notFound, validationFailed, type AppError } from '../../../lib/app-error.js';
import { creditCoins, spendCoins } from '../../coins/coins.service.js';
import { notify } from '../../../lib/notify.js';
import type { UserRow } from '../../../db/rows.js';
import {
  awardRefusal,
  BOUNTY_EXPIRY_MS,
  commentRefusal,
  type AwardRefusal,
  type CommentRefusal,
} from './bounty.policy.js';
import { presentPostDetail } from '../reading/read-context.js';
import { postNotFound } from '../access/gate.js';
import { lockAwardedComment, lockPost } from '../posts.repository.js';
import { canSee } from '../access/rule.js';

type BountyPost = { id: string; title: string; authorId: string; bounty: number };

const reference = (post: { id: string }) => ({ type: 'post', id: post.id });

/** Charges a new post's bounty in the submission's transaction; the post was inserted 'escrowed'. */
export async function escrowBounty(tx: Tx, post: BountyPost): Promise<void> {
  if (post.bounty <= 0) return;
  await spendCoins(tx, {
    userId: post.authorId,
    cost: post.bounty,
    kind: 'bounty_escrow',
    reason: BOUNTY_MESSAGES.escrowReason(post.title),
    reference: reference(post),
  });
}

type Payout = {
  userId: string;
  amount: number;
  kind: 'bounty_award' | 'bounty_refund';
  reason: string;
  post: { id: string };
  notice: Omit<Parameters<typeof notify>[1], 'userId'>;
};

/** Every bounty settlement credits one user through the ledger and tells them why. */
async function payOut(tx: DbOrTx, payout: Payout): Promise<void> {
  const { userId, amount, kind, reason, post, notice } = payout;
  await creditCoins(tx, { userId, amount, kind, reason, reference: reference(post) });
  await notify(tx, { userId, ...notice });
}

const REFUND_LINKS: Record<BountyRefundCause, (post: { id: string }) => string> = {
  rejected: () => '/my-teas',
  emptied: () => '/account',
  deleted: () => '/account',
  expired: (post) => `/posts/${post.id}`,
};

/**
 * Gives an open bounty back to its author, in the caller's transaction. The conditional
 * escrowed → refunded update decides, so a refund racing an award (or another refund) pays once.
 * Returns false when there was nothing open to refund.
 */
export async function refundBounty(
  tx: DbOrTx,
  post: { id: string; title: string; authorId: string },
  cause: BountyRefundCause,
  now = new Date(),
): Promise<boolean> {
  const [settled] = await tx
    .update(posts)
    .set({ bountyStatus: 'refunded', bountySettledAt: now })
    .where(and(eq(posts.id, post.id), eq(posts.bountyStatus, 'escrowed')))
    .returning({ bounty: posts.bounty });
  if (!settled || settled.bounty <= 0) return false;
  const text = NOTIFICATION_TEXT.bountyRefunded;
  await payOut(tx, {
    userId: post.authorId,
    amount: settled.bounty,
    kind: 'bounty_refund',
    reason: BOUNTY_MESSAGES.refundReason(post.title),
    post,
    notice: {
      kind: 'bounty_refunded',
      title: text.title,
      body: text.body(settled.bounty, post.title, BOUNTY_MESSAGES.refundWhy[cause]),
      link: REFUND_LINKS[cause](post),
    },
  });
  return true;
}

const AWARD_REFUSALS: Record<NonNullable<AwardRefusal>, () => AppError> = {
  not_author: () => forbidden(BOUNTY_MESSAGES.notAuthor),
  not_published: () => conflict(BOUNTY_MESSAGES.notPublished),
  not_open: () => conflict(BOUNTY_MESSAGES.notOpen),
};

const COMMENT_REFUSALS: Record<NonNullable<CommentRefusal>, () => AppError> = {
  other_post: () => validationFailed([{ field: 'comment_id', message: BOUNTY_MESSAGES.otherPost }]),
  own: () => validationFailed([{ field: 'comment_id', message: BOUNTY_MESSAGES.ownComment }]),
};

/**
 * The author gives the bounty to one comment by someone else. The post row is locked first (as
 * every refund path does), then the comment, so an award racing a delete cannot deadlock; the
 * conditional update is what makes concurrent awards pay once.
 */
export async function awardBounty(
  ctx: AppContext,
  user: UserRow,
  postId: string,
  input: BountyAwardInput,
): Promise<BountyAwardResponse> {
  const awarded = await ctx.db.transaction(async (tx) => {
    const post = await lockPost(tx, postId);
    if (!post || !canSee(user, post)) throw postNotFound();
    const refusal = awardRefusal(user.id, post);
    if (refusal) throw AWARD_REFUSALS[refusal]();
    const comment = await lockAwardedComment(tx, input.comment_id);
    if (!comment) throw notFound(BOUNTY_MESSAGES.commentMissing);
    const wrong = commentRefusal(post, comment);
    if (wrong) throw COMMENT_REFUSALS[wrong]();
    const [won] = await tx
      .update(posts)
      .set({ bountyStatus: 'awarded', bountyCommentId: comment.id, bountySettledAt: new Date() })
      .where(and(eq(posts.id, post.id), eq(posts.status, 'approved'), eq(posts.bountyStatus, 'escrowed')))
      .returning();
    if (!won) throw AWARD_REFUSALS.not_open();
    const text = NOTIFICATION_TEXT.bountyAwarded;
    await payOut(tx, {
      userId: comment.userId,
      amount: won.bounty,
      kind: 'bounty_award',
      reason: BOUNTY_MESSAGES.awardReason(won.title),
      post: won,
      notice: {
        kind: 'bounty_awarded',
        title: text.title,
        body: text.body(won.bounty, won.title),
        link: `/posts/${won.id}`,
      },
    });
    return won;
  });
  return { message: BOUNTY_MESSAGES.awarded, post: await presentPostDetail(ctx.db, awarded, user, ctx.secret) };
}

const SWEEP_BATCH = 100;

/**
 * Refunds every bounty still open `BOUNTY_LIMITS.expiryDays` after its tea was published, one
 * post per transaction (the partial index posts_bounty_open_idx finds them). Safe to run on
 * several servers at once: the conditional update refunds each bounty once. Returns how many.
 */
export async function refundExpiredBounties(ctx: Pick<AppContext, 'db'>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - BOUNTY_EXPIRY_MS);
  let refunded = 0;
  for (;;) {
    const due = await ctx.db
      .select({ id: posts.id, title: posts.title, authorId: posts.authorId })
      .from(posts)
      .where(and(eq(posts.bountyStatus, 'escrowed'), lt(posts.publishedAt, cutoff)))
      .orderBy(asc(posts.publishedAt))
      .limit(SWEEP_BATCH);
    for (const post of due) {
      if (await ctx.db.transaction((tx) => refundBounty(tx, post, 'expired', now))) refunded += 1;
    }
    if (due.length < SWEEP_BATCH) return refunded;
  }
}
