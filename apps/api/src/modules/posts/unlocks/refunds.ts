import { POST_CARD_MESSAGES } from '@kettle/shared';
import type { Tx } from '../../../db/client.js';
import { creditCoins } from '../../coins/coins.service.js';
import { returnFeeOnce, type AppealRefund } from '../../coins/fee-owed.js';
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

export type { AppealRefund } from '../../coins/fee-owed.js';

/**
 * An upheld appeal republished the tea: what its author paid to submit it comes back, since a
 * wrong decision should cost them nothing, once per tea (coins/fee-owed.ts). The caller holds the
 * post's row lock, which orders every appeal of this tea. Returns the coins returned.
 */
export function returnSubmissionFee(
  tx: Tx,
  post: { id: string; authorId: string },
  refund: AppealRefund,
): Promise<number> {
  return returnFeeOnce(tx, {
    userId: post.authorId,
    paid: { kinds: ['submit_tea', 'submit_reversal'], reference: { type: 'post', id: post.id } },
    target: { type: 'post', id: post.id },
    refund,
  });
}
