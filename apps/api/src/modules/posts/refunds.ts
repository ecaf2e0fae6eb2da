import { POST_CARD_MESSAGES } from '@kettle/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { appeals, coinLedger } from '../../db/schema.js';
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
 * wrong decision should cost them nothing. Once per tea: what an earlier upheld appeal of the same
 * tea returned is subtracted, so reject-and-appeal cycles cannot mint coins. The caller holds the
 * post's row lock, which orders every appeal of this tea. Returns the coins returned.
 */
export async function returnSubmissionFee(
  tx: Tx,
  post: { id: string; authorId: string },
  refund: AppealRefund,
): Promise<number> {
  const fee = and(
    inArray(coinLedger.kind, ['submit_tea', 'submit_reversal']),
    eq(coinLedger.referenceType, 'post'),
    eq(coinLedger.referenceId, post.id),
  );
  const earlierRefund = and(
    eq(coinLedger.kind, 'refund'),
    eq(coinLedger.referenceType, 'appeal'),
    inArray(
      coinLedger.referenceId,
      tx
        .select({ id: sql<string>`${appeals.id}::text` })
        .from(appeals)
        .where(and(eq(appeals.targetType, 'post'), eq(appeals.targetId, post.id))),
    ),
  );
  // The fee is negative in the ledger and its refunds positive: what is still owed is minus their sum.
  const [row] = await tx
    .select({ owed: sql<number>`coalesce(-sum(${coinLedger.delta}), 0)::int` })
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, post.authorId), or(fee, earlierRefund)));
  const owed = Math.max(0, Number(row?.owed ?? 0));
  if (owed > 0) await creditCoins(tx, { userId: post.authorId, amount: owed, kind: 'refund', ...refund });
  return owed;
}
