import { POST_CARD_MESSAGES, type PostDetail, type UnlockResponse } from '@kettle/shared';
import type { AppContext } from '../../context.js';
import type { Viewer } from './reading.policy.js';
import { postImages, posts } from '../../db/schema.js';
import { isUuid } from '../../lib/ids.js';
import { actingAccount, loadActingAccount } from '../users/actor.js';
import { accountFrozen, countSpent, insufficientCoins } from '../coins/coins.service.js';
import { postNotFound, refusePostAction } from './access.js';
import { toPostDetail } from './public-posts.presenter.js';
import { fromRawRow } from '../../db/raw-rows.js';
import type { ReadContext } from './read-context.js';
import { unlockInBatch, type UnlockOutcome } from './unlock.statement.js';

/**
 * Charges the post's price once, in a statement (shared with the unlocks asked with it) that also
 * answers the post detail; the unlock row's primary key turns every repeat into a free no-op.
 */
export async function unlockPost(ctx: AppContext, readerId: string, id: string): Promise<UnlockResponse> {
  if (!isUuid(id)) {
    await loadActingAccount(ctx, readerId);
    throw postNotFound();
  }
  const outcome = await unlockInBatch(ctx.db, { readerId, postId: id }, ctx.config.isProduction);
  const user = actingAccount(ctx.config, outcome?.actor ?? null);
  if (!outcome || outcome.id === null) throw postNotFound();
  refusePostAction(user, { authorId: outcome.author_id, status: outcome.status }, 'unlock', false);
  let coinBalance = Number(outcome.balance);
  if (outcome.was_due) {
    if (outcome.charged_balance === null) {
      throw Number(outcome.debt) > 0 ? accountFrozen() : insufficientCoins(Number(outcome.unlock_price));
    }
    coinBalance = Number(outcome.charged_balance);
    countSpent(Number(outcome.unlock_price));
  }
  return { message: POST_CARD_MESSAGES.unlocked, coin_balance: coinBalance, post: detailOf(ctx, user, outcome) };
}

/** The detail GET /posts/{id} would answer now, from what the statement read. */
function detailOf(ctx: AppContext, user: Viewer, outcome: UnlockOutcome): PostDetail {
  const row = fromRawRow(posts, outcome);
  const context: ReadContext = {
    viewer: user,
    secret: ctx.secret,
    relations: {
      categories: new Map([[row.categoryId, { name: outcome.category_name }]]),
      states: new Map([[row.stateId, { name: outcome.state_name }]]),
      authors: new Map([[row.authorId, outcome.author_username]]),
      images: new Map([[row.id, outcome.images.map((image) => fromRawRow(postImages, image))]]),
    },
    // Paid now or before, or free to this reader: the post is open to them either way.
    unlocked: new Set([row.id]),
    reversed: outcome.has_reversal ? new Set([row.id]) : new Set(),
    unlockCounts: outcome.unlock_count === null ? new Map() : new Map([[row.id, Number(outcome.unlock_count)]]),
  };
  const engagement = { voted: outcome.voted, reportStatus: outcome.report_status };
  return toPostDetail(row, context, engagement);
}
