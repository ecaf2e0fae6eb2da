import { VOTE_MESSAGES, type VoteResponse } from '@kettle/shared';
import type { AppContext } from '../../context.js';
import { conflict } from '../../lib/app-error.js';
import { POST_ACTION_COSTS } from '../coins/coins.service.js';
import { spendOnPost } from '../posts/access/settle-spend.js';
import { announcePostEvent } from '../realtime/post-events.js';
import { voteInBatch, type VoteOutcome } from './votes.repository.js';

/**
 * POST /posts/{id}/vote: one upvote per user and post for COSTS.upvote coins. One statement
 * (shared with the votes asked with it) stores the vote, bumps the counter, records its event and
 * charges, or does nothing and reports why; the refusals keep the gate's order (refusePostAction),
 * then 409 for a repeat (another server's twin included), then the charge's own (settleSpend).
 */
export async function votePost(ctx: AppContext, voterId: string, id: string): Promise<VoteResponse> {
  const { user, outcome, balance } = await spendOnPost(
    ctx,
    voterId,
    id,
    () => voteInBatch(ctx.db, { readerId: voterId, postId: id }, ctx.config.isProduction),
    {
      action: 'vote',
      refuse: (o) => {
        if (o.voted) throw conflict(VOTE_MESSAGES.alreadyVoted);
      },
      cost: () => POST_ACTION_COSTS.vote,
      done: (o): o is VoteOutcome & { balance: number; vote_count: number } =>
        o.balance !== null && o.vote_count !== null,
      balanceAfter: (o) => o.balance,
    },
  );
  const voteCount = Number(outcome.vote_count);
  // After commit: a stream never hears of a vote that rolled back.
  await announcePostEvent(ctx, {
    type: 'vote_update',
    id: Number(outcome.event_id),
    postId: id,
    data: { new_vote_count: voteCount, voter_id: user.id },
  });
  return {
    message: VOTE_MESSAGES.upvoted.description,
    vote_count: voteCount,
    has_user_voted: true,
    can_vote: false,
    coin_balance: balance,
  };
}
