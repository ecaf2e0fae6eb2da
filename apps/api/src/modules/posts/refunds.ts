import { POST_CARD_MESSAGES } from '@kettle/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { coinLedger } from '../../db/schema.js';
import { creditCoins } from '../coins/coins.service.js';
import { takeUnlocks } from './unlocks.repository.js';

/**
 * A removed post (admin delete or reject) pays its readers back what they paid, in the
 * moderator's transaction. The unlock rows go too: if the post is approved again, it is a new
 * purchase. Call it after locking the post (FOR UPDATE) and before deleting it.
 */
export async function refundUnlocks(tx: Tx, post: { id: string; title: string }): Promise<number> {
  const unlocks = await takeUnlocks(tx, post.id);
  // One order of user rows for every refund, so two concurrent removals cannot deadlock.
  const byUser = [...unlocks].sort((a, b) => a.userId.localeCompare(b.userId));
  for (const unlock of byUser) {
    if (unlock.pricePaid <= 0) continue;
    await creditCoins(tx, {
      userId: unlock.userId,
      amount: unlock.pricePaid,
      kind: 'refund',
      reason: POST_CARD_MESSAGES.refundReason(post.title),
      reference: { type: 'post', id: post.id },
    });
  }
  return unlocks.length;
}

/** Why and for what coins come back when an upheld appeal undoes a decision (issue 14). */
export type AppealRefund = { actorId: string; reason: string; reference: { type: string; id: string } };

/**
 * An upheld appeal republished the tea: what its author paid to submit it comes back, since a
 * wrong decision should cost them nothing. Returns the coins returned.
 */
export async function returnSubmissionFee(
  tx: Tx,
  post: { id: string; authorId: string },
  refund: AppealRefund,
): Promise<number> {
  const [row] = await tx
    .select({ paid: sql<number>`coalesce(-sum(${coinLedger.delta}), 0)::int` })
    .from(coinLedger)
    .where(
      and(
        eq(coinLedger.userId, post.authorId),
        inArray(coinLedger.kind, ['submit_tea', 'submit_reversal']),
        eq(coinLedger.referenceType, 'post'),
        eq(coinLedger.referenceId, post.id),
      ),
    );
  const paid = Math.max(0, Number(row?.paid ?? 0));
  if (paid > 0) await creditCoins(tx, { userId: post.authorId, amount: paid, kind: 'refund', ...refund });
  return paid;
}
