import { COMMENT_MESSAGES, COSTS, VOTE_MESSAGES, type VoteResponse } from '@kettle/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { conflict, forbidden } from '../../lib/app-error.js';
import { spendCoins } from '../coins/coins.service.js';
import { assertEmailVerified } from '../../lib/verified-email.js';
import { postNotFound, acceptsConversation, conversationAccess } from '../posts/access.js';
import { unlockedPostIds } from '../posts/unlocks.repository.js';
import { publishPostEvent } from '../realtime/post-events.js';
import type { UserRow } from '../../db/rows.js';
import { bumpVoteCount, insertVote, lockPostForVote } from './votes.repository.js';

/**
 * POST /posts/{id}/vote: one upvote per user and post for COSTS.upvote coins. The vote row,
 * the counter and the charge commit together; the vote's primary key turns a repeat (or a
 * concurrent twin) into 409 with no charge. Refusals are checked before anything is written.
 */
export async function votePost(
  ctx: AppContext,
  user: UserRow,
  id: string,
  log: FastifyBaseLogger,
): Promise<VoteResponse> {
  assertEmailVerified(user);
  const result = await ctx.db.transaction(async (tx) => {
    const post = await lockPostForVote(tx, id);
    if (!post) throw postNotFound();
    const unlocked = (await unlockedPostIds(tx, user.id, [post.id])).has(post.id);
    const access = conversationAccess(user, post, unlocked);
    if (access === 'hidden') throw postNotFound();
    if (post.authorId === user.id) throw forbidden(VOTE_MESSAGES.ownPost);
    // Like unlocking: only published posts take votes; the admin sees a pending one but cannot vote it.
    if (!acceptsConversation(post)) throw postNotFound();
    if (access === 'locked') throw forbidden(COMMENT_MESSAGES.locked);
    if (!(await insertVote(tx, user.id, post.id))) throw conflict(VOTE_MESSAGES.alreadyVoted);
    const coinBalance = await spendCoins(tx, {
      userId: user.id,
      cost: COSTS.upvote,
      kind: 'vote',
      reason: `Upvoted "${post.title}"`,
      reference: { type: 'post', id: post.id },
    });
    return { voteCount: await bumpVoteCount(tx, post.id), coinBalance };
  });
  // After commit: a stream never hears of a vote that rolled back. The vote stands even if the
  // event cannot be recorded, so a failure here is logged rather than answered as an error.
  await publishPostEvent(ctx, id, {
    type: 'vote_update',
    data: { new_vote_count: result.voteCount, voter_id: user.id },
  }).catch((err: unknown) => log.warn({ err, postId: id }, 'vote_update event not published'));
  return {
    message: VOTE_MESSAGES.upvoted.description,
    vote_count: result.voteCount,
    has_user_voted: true,
    can_vote: false,
    coin_balance: result.coinBalance,
  };
}
