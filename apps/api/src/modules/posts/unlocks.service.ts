import { POST_CARD_MESSAGES, type UnlockResponse } from '@kettle/shared';
import type { AppContext } from '../../context.js';
import { currentBalance, spendCoins } from '../coins/coins.service.js';
import type { UserRow } from '../../db/rows.js';
import { getPostDetail } from './public-posts.service.js';
import { postNotFound, lockPostShared } from './access.js';
import { assertEmailVerified } from '../../lib/verified-email.js';
import { canUnlock, readsFree } from './reading.policy.js';
import { insertUnlock } from './unlocks.repository.js';

/**
 * Charges the post's price once: the unlock row and the charge commit together, and the
 * row's primary key turns every repeat (or concurrent twin) into a free no-op.
 */
export async function unlockPost(ctx: AppContext, user: UserRow, id: string): Promise<UnlockResponse> {
  assertEmailVerified(user);
  const coinBalance = await ctx.db.transaction(async (tx) => {
    const post = await lockPostShared(tx, id);
    if (!post || !canUnlock(post)) throw postNotFound();
    if (readsFree(user, post)) return currentBalance(tx, user.id);
    if (!(await insertUnlock(tx, user.id, post.id, post.unlockPrice))) return currentBalance(tx, user.id);
    return spendCoins(tx, {
      userId: user.id,
      cost: post.unlockPrice,
      kind: 'unlock',
      reason: `Unlocked "${post.title}"`,
      reference: { type: 'post', id: post.id },
    });
  });
  const post = await getPostDetail(ctx, user, id);
  return { message: POST_CARD_MESSAGES.unlocked, coin_balance: coinBalance, post };
}
