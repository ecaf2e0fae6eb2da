import { VOTE_MESSAGES, type VoteResponse } from '@kettle/shared';
import type { AppContext } from '../../context.js';
import { conflict } from '../../lib/app-error.js';
import { isUuid } from '../../lib/ids.js';
import { accountFrozen, countSpent, insufficientCoins, POST_ACTION_COSTS } from '../coins/coins.service.js';
import { postNotFound, refusePostAction } from '../posts/access.js';
import { announcePostEvent } from '../realtime/post-events.js';
import { actingAccount, loadActingAccount } from '../users/actor.js';
import { voteInBatch } from './votes.repository.js';

/**
 * POST /posts/{id}/vote: one upvote per user and post for COSTS.upvote coins. One statement
 * (shared with the votes asked with it) stores the vote, bumps the counter, records its event and
 * charges, or does nothing and reports why; the refusals keep the gate's order (refusePostAction),
 * then 409 for a repeat (another server's twin included), then the charge's own refusal.
 */
export async function votePost(ctx: AppContext, voterId: string, id: string): Promise<VoteResponse> {
  if (!isUuid(id)) {
    await loadActingAccount(ctx, voterId);
    throw postNotFound();
  }
  const outcome = await voteInBatch(ctx.db, { readerId: voterId, postId: id }, ctx.config.isProduction);
  const user = actingAccount(ctx.config, outcome?.actor ?? null);
  if (!outcome || outcome.author_id === null) throw postNotFound();
  refusePostAction(user, { authorId: outcome.author_id, status: outcome.status }, 'vote', outcome.unlocked);
  if (outcome.voted) throw conflict(VOTE_MESSAGES.alreadyVoted);
  if (outcome.balance === null || outcome.vote_count === null) {
    throw Number(outcome.debt) > 0 ? accountFrozen() : insufficientCoins(POST_ACTION_COSTS.vote);
  }
  countSpent(POST_ACTION_COSTS.vote);
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
    coin_balance: Number(outcome.balance),
  };
}
