import { POST_CARD_MESSAGES, type UnlockResponse } from '@kettle/shared';
import type { AppContext } from '../../context.js';
import { chargeForPost, currentBalance } from '../coins/coins.service.js';
import type { UserRow } from '../../db/rows.js';
import { getPostDetail } from './public-posts.service.js';
import { enterPost } from './access.js';
import { assertEmailVerified } from '../../lib/verified-email.js';
import { readsFree } from './reading.policy.js';
import { insertUnlock } from './unlocks.repository.js';

/**
 * Charges the post's price once: the unlock row and the charge commit together, and the
 * row's primary key turns every repeat (or concurrent twin) into a free no-op.
 */
export async function unlockPost(ctx: AppContext, user: UserRow, id: string): Promise<UnlockResponse> {
  assertEmailVerified(user);
  const coinBalance = await ctx.db.transaction(async (tx) => {
    const post = await enterPost(tx, user, id, 'unlock');
    if (readsFree(user, post)) return currentBalance(tx, user.id);
    if (!(await insertUnlock(tx, user.id, post.id, post.unlockPrice))) return currentBalance(tx, user.id);
    return chargeForPost(tx, user.id, 'unlock', post);
  });
  const post = await getPostDetail(ctx, user, id);
  return { message: POST_CARD_MESSAGES.unlocked, coin_balance: coinBalance, post };
}
