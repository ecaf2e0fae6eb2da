import { POST_CARD_MESSAGES, type PostDetail, type UnlockResponse } from '@kettle/shared';
import type { AppContext } from '../../../context.js';
import type { Viewer } from '../access/rule.js';
import { postImages, posts } from '../../../db/schema.js';
import { spendOnPost } from '../access/settle-spend.js';
import { toPostDetail } from '../reading/public-posts.presenter.js';
import { fromRawRow } from '../../../db/raw-rows.js';
import type { ReadContext } from '../reading/read-context.js';
import { unlockInBatch, type UnlockOutcome } from './unlock.statement.js';

/**
 * Charges the post's price once, in a statement (shared with the unlocks asked with it) that also
 * answers the post detail; the unlock row's primary key turns every repeat into a free no-op.
 */
export async function unlockPost(ctx: AppContext, readerId: string, id: string): Promise<UnlockResponse> {
  const { user, outcome, balance } = await spendOnPost(
    ctx,
    readerId,
    id,
    () => unlockInBatch(ctx.db, { readerId, postId: id }, ctx.config.isProduction),
    {
      action: 'unlock',
      cost: (o) => (o.was_due ? Number(o.unlock_price) : 0),
      done: (o): o is UnlockOutcome => !o.was_due || o.charged_balance !== null,
      balanceAfter: (o) => o.charged_balance ?? o.balance,
    },
  );
  return { message: POST_CARD_MESSAGES.unlocked, coin_balance: balance, post: detailOf(ctx, user, outcome) };
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
