import { VOTE_MESSAGES, type VoteResponse } from '@kettle/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { conflict } from '../../lib/app-error.js';
import { chargeForPost } from '../coins/coins.service.js';
import { assertEmailVerified } from '../../lib/verified-email.js';
import { enterPost } from '../posts/access.js';
import { publishPostEvent } from '../realtime/post-events.js';
import type { UserRow } from '../../db/rows.js';
import { bumpVoteCount, insertVote } from './votes.repository.js';

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
    const post = await enterPost(tx, user, id, 'vote');
    if (!(await insertVote(tx, user.id, post.id))) throw conflict(VOTE_MESSAGES.alreadyVoted);
    const coinBalance = await chargeForPost(tx, user.id, 'vote', post);
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
