import { COSTS, POST_CARD_MESSAGES, type EmptyPotRefusal, type EmptyPotResponse } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { posts } from '../../../db/schema.js';
import { conflict, forbidden, type AppError } from '../../../lib/app-error.js';
import { postImageKeys, removeImageFiles } from '../../../lib/images/delete-images.js';
import { recordAudit } from '../../../lib/audit.js';
import { spendCoins } from '../../coins/coins.service.js';
import type { UserRow } from '../../../db/rows.js';
import { postNotFound } from '../access/gate.js';
import { lockPost } from '../posts.repository.js';
import { assertMayParticipate } from '../../../lib/participation.js';
import { refundBounty } from '../bounty/bounty.service.js';
import { teasChanged } from '../list-place.js';
import { emptyPotRefusal } from './empty-pot.policy.js';
import { unlockedByOthers } from '../unlocks/unlocks.repository.js';

const REFUSALS: Record<EmptyPotRefusal, () => AppError> = {
  not_author: () => forbidden(),
  rejected: () => conflict(POST_CARD_MESSAGES.potRejected),
  unlocked: () => conflict(POST_CARD_MESSAGES.potUnlocked),
};

/**
 * The author deletes an own post for 25 coins (decisions.md, Posts). The post row is locked
 * first, so an unlock racing this either lands before (and refuses the pot) or finds no post.
 * Votes, comments and image rows cascade; the ledger row stays; files go after commit.
 * `changed`: the teas whose kept pages it ends (list-place.ts): this one alone when the visitors'
 * lists stay as they were, as when a tea still waiting for the moderators is withdrawn.
 */
export async function emptyPot(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<{ emptied: EmptyPotResponse; changed: string[] | null }> {
  assertMayParticipate(user);
  const { balance, keys, changed } = await ctx.db.transaction(async (tx) => {
    const post = await lockPost(tx, id);
    if (!post) throw postNotFound();
    const refusal = emptyPotRefusal(user.id, post, await unlockedByOthers(tx, post.id, post.authorId));
    if (refusal) throw REFUSALS[refusal]();
    const reference = { type: 'post', id: post.id };
    // The bounty comes back first, so it can pay for the pot itself.
    await refundBounty(tx, post, 'emptied');
    const coins = await spendCoins(tx, {
      userId: user.id,
      cost: COSTS.emptyPot,
      kind: 'empty_pot',
      reason: `Emptied the pot: "${post.title}"`,
      reference,
    });
    const imageKeys = await postImageKeys(tx, post.id);
    await tx.delete(posts).where(eq(posts.id, post.id));
    await recordAudit(tx, {
      actorId: user.id,
      action: 'post.empty_pot',
      targetType: 'post',
      targetId: post.id,
      data: { before: { title: post.title, status: post.status, original_post_id: post.originalPostId }, after: null },
    });
    return { balance: coins, keys: imageKeys, changed: teasChanged(post.id, post, null) };
  });
  await removeImageFiles(ctx.images, keys);
  return { emptied: { message: POST_CARD_MESSAGES.potEmptied, coin_balance: balance }, changed };
}
