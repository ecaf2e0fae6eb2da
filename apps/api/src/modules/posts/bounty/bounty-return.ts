import { NOTIFICATION_TEXT } from '@kettle/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import type { PostRow } from '../../../db/rows.js';
import { posts } from '../../../db/schema.js';
import { AppError } from '../../../lib/app-error.js';
import { notify } from '../../../lib/notify.js';
import { escrowBounty } from './bounty.service.js';

/**
 * The rejection refunded this bounty: it was settled as 'refunded' at the moment of the rejection
 * (applyChange passes rejectedAt), not earlier by expiry or an emptied pot, whose refunds stand.
 */
const refundedByRejection = (post: PostRow): boolean =>
  post.bountyStatus === 'refunded' &&
  post.bounty > 0 &&
  post.rejectedAt !== null &&
  post.bountySettledAt !== null &&
  post.bountySettledAt.getTime() >= post.rejectedAt.getTime();

/** Takes the bounty from the author's balance, or answers false when it is short (or frozen). */
async function tryEscrow(tx: Tx, post: PostRow): Promise<boolean> {
  try {
    await escrowBounty(tx, post);
    return true;
  } catch (error) {
    // The spend is one conditional statement, so a refusal leaves the transaction usable.
    if (error instanceof AppError && (error.statusCode === 402 || error.statusCode === 403)) return false;
    throw error;
  }
}

/**
 * A tea leaving 'rejected' (re-approved, reinstated by an appeal, or back in the queue) never
 * shows the bounty its rejection refunded as open: it is held again when the author's balance
 * covers it, otherwise the tea goes on without a bounty; either way the author is told
 * (docs/decisions/reapproved-bounty.md). Runs in the decision's transaction on the locked post
 * and answers the row as it now is.
 */
export async function settleReturningBounty(tx: Tx, before: PostRow, after: PostRow): Promise<PostRow> {
  if (before.status !== 'rejected' || after.status === 'rejected' || !refundedByRejection(before)) return after;
  const held = await tryEscrow(tx, after);
  const [settled] = await tx
    .update(posts)
    .set(held ? { bountyStatus: 'escrowed', bountySettledAt: null } : { bountyStatus: 'none', bounty: 0 })
    .where(and(eq(posts.id, after.id), eq(posts.bountyStatus, 'refunded')))
    .returning();
  if (!settled) throw new Error(`bounty of post ${after.id} changed under its lock`);
  const text = held ? NOTIFICATION_TEXT.bountyHeldAgain : NOTIFICATION_TEXT.bountyWithdrawn;
  await notify(tx, {
    userId: after.authorId,
    kind: held ? 'bounty_escrowed' : 'bounty_withdrawn',
    title: text.title,
    body: text.body(before.bounty, after.title),
    link: `/posts/${after.id}`,
  });
  return settled;
}
