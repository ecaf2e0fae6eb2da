import {
  POST_MESSAGES,
  type AdminPostListQuery,
  type AdminPostUpdateInput,
  type OwnPost,
  type OwnPostList,
  type PostStatus,
} from '@kettle/shared';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import type { Tx } from '../../../db/client.js';
import { posts } from '../../../db/schema.js';
import { conflict, validationFailed, type FieldError } from '../../../lib/app-error.js';
import { postImageKeys, removeImageFiles } from '../../../lib/images/delete-images.js';
import { recordAudit } from '../../../lib/audit.js';
import type { UserRow } from '../../../db/rows.js';
import { refundBounty } from '../bounty/bounty.service.js';
import { settleReturningBounty } from '../bounty/bounty-return.js';
import { noticeByMail, noticeInApp } from '../post-notices.js';
import { teasChanged } from '../list-place.js';
import { canTransition } from '../posts.policy.js';
import type { PostRow } from '../../../db/rows.js';
import { presentOwnPost, presentOwnPosts } from '../reading/read-context.js';
import * as repo from '../posts.repository.js';
import { refundUnlocks, returnSubmissionFee, type AppealRefund } from '../unlocks/refunds.js';
import { searchCondition } from '../search/search.js';
import { postNotFound } from '../access/gate.js';
import { flaggedFor, settleOpenReview } from '../privacy/privacy-reviews.service.js';

export async function listAdminPosts(ctx: AppContext, query: AdminPostListQuery): Promise<OwnPostList> {
  const filters: SQL[] = [];
  if (query.category_id) filters.push(eq(posts.categoryId, query.category_id));
  if (query.state_id) filters.push(eq(posts.stateId, query.state_id));
  if (query.status) filters.push(eq(posts.status, query.status));
  if (query.search) {
    const match = searchCondition(query.search);
    if (match) filters.push(match);
  }
  if (query.flag) filters.push(flaggedFor(query.flag));
  const where = and(...filters);
  const order =
    query.order === 'oldest' ? [asc(posts.createdAt), asc(posts.id)] : [desc(posts.createdAt), desc(posts.id)];
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(posts)
      .where(where)
      .orderBy(...order)
      .offset(query.skip)
      .limit(query.limit),
    ctx.db.select({ n: count() }).from(posts).where(where),
  ]);
  return {
    data: await presentOwnPosts(ctx.db, rows, ctx.secret),
    metadata: { total_elements: total?.n ?? 0, skip: query.skip, limit: query.limit },
  };
}

export async function getAdminPost(ctx: AppContext, id: string): Promise<OwnPost> {
  const row = await repo.findPost(ctx.db, id);
  if (!row) throw postNotFound();
  return presentOwnPost(ctx.db, row, ctx.secret);
}

type Change = Partial<
  Pick<PostRow, 'title' | 'content' | 'evidenceLink' | 'categoryId' | 'stateId' | 'unlockPrice'>
> & {
  status: PostStatus;
  reason?: string | null;
};

/**
 * The columns a status change sets: approve publishes, reject keeps the reason and starts the
 * appeal window (its photos are swept 30 days after `rejectedAt`), pending clears them all.
 */
function statusColumns(before: PostRow, status: PostStatus, reason: string | null | undefined, actor: UserRow) {
  if (status === before.status) return {};
  const cleared = { rejectionReason: null, rejectedAt: null, rejectedBy: null };
  if (status === 'approved') return { status, publishedAt: new Date(), ...cleared };
  if (status === 'rejected') {
    return { status, rejectionReason: reason ?? null, rejectedAt: new Date(), rejectedBy: actor.id };
  }
  return { status, publishedAt: null, ...cleared };
}

const AUDITED: ReadonlyArray<[keyof PostRow, string]> = [
  ['title', 'title'],
  ['content', 'content'],
  ['evidenceLink', 'evidence_link'],
  ['categoryId', 'category_id'],
  ['stateId', 'state_id'],
  ['status', 'status'],
  ['unlockPrice', 'unlock_price'],
  ['rejectionReason', 'rejection_reason'],
  ['bounty', 'bounty'],
  ['bountyStatus', 'bounty_status'],
];

/** Only what changed, under the API's field names. */
function diff(before: PostRow, after: PostRow) {
  const changed: { before: Record<string, unknown>; after: Record<string, unknown> } = { before: {}, after: {} };
  for (const [column, field] of AUDITED) {
    if (before[column] === after[column]) continue;
    changed.before[field] = before[column];
    changed.after[field] = after[column];
  }
  return changed;
}

export type Decision = { before: PostRow; after: PostRow };

type Diff = ReturnType<typeof diff>;
/** How a decision differs from the plain one: the author's notice, and what the audit row keeps. */
export type Telling = {
  notice?: (tx: Tx, after: PostRow) => Promise<void>;
  audited?: (changed: Diff) => Record<string, unknown>;
};

/** Applies a change to a locked post, records it and, when the status moved, tells the author in the app. */
export async function applyChange(
  tx: Tx,
  actor: UserRow,
  before: PostRow,
  change: Change,
  action: string,
  { notice = noticeInApp, audited = (changed: Diff) => changed }: Telling = {},
): Promise<Decision> {
  const { id } = before;
  const { status, reason, ...fields } = change;
  const [updated] = await tx
    .update(posts)
    .set({ ...fields, ...statusColumns(before, status, reason, actor), updatedAt: new Date() })
    .where(eq(posts.id, id))
    .returning();
  if (!updated) throw postNotFound();
  const after = await settleReturningBounty(tx, before, updated);
  const statusMoved = after.status !== before.status;
  // Readers who paid for a post that is taken down get their coins back (docs/decisions/unlocks-and-refunds.md).
  if (statusMoved && after.status === 'rejected') await refundUnlocks(tx, before);
  // A rejected tea's bounty goes back to its author, settled at the rejection's moment so a
  // later return can tell this refund from an earlier expiry (bounty-return.ts).
  if (statusMoved && after.status === 'rejected') {
    await refundBounty(tx, after, 'rejected', after.rejectedAt ?? undefined);
  }
  // A rejected post keeps its photos through the appeal window, so a re-approval republishes
  // them; the rejected-photos sweep removes them after it (sweeps/rejected-photos.ts).
  if (statusMoved) await notice(tx, after);
  // A moderator who publishes a flagged tea has read what the guard found.
  if (statusMoved && after.status === 'approved') await settleOpenReview(tx, { postId: id }, 'cleared', actor.id);
  const data = audited(diff(before, after));
  await recordAudit(tx, { actorId: actor.id, action, targetType: 'post', targetId: id, data });
  return { before, after };
}

/** A moderator's change as presented, and the teas whose kept pages it ends (list-place.ts). */
export type Decided = { post: OwnPost; changed: string[] | null };

/** Runs a change, then (after commit) mails the author. */
export async function decide(ctx: AppContext, work: (tx: Tx) => Promise<Decision>): Promise<Decided> {
  let decision: Decision;
  try {
    decision = await ctx.db.transaction(work);
  } catch (error) {
    if (repo.isLiveReversalViolation(error)) throw conflict(POST_MESSAGES.reversalExists);
    throw error;
  }
  const { before, after } = decision;
  if (after.status !== before.status) await noticeByMail(ctx, after);
  return { post: await presentOwnPost(ctx.db, after, ctx.secret), changed: teasChanged(after.id, before, after) };
}

/** Moderation route: only the transitions of product.md §4. */
export async function setPostStatus(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  input: { status: PostStatus; reason?: string },
): Promise<Decided> {
  return decide(ctx, async (tx) => {
    const current = await repo.lockPost(tx, id);
    if (!current) throw postNotFound();
    if (!canTransition(current.status, input.status)) {
      throw conflict(POST_MESSAGES.invalidTransition(current.status, input.status));
    }
    const action = input.status === 'approved' ? 'post.approve' : 'post.reject';
    return applyChange(tx, actor, current, { status: input.status, reason: input.reason ?? null }, action);
  });
}

async function assertReferences(ctx: AppContext, input: AdminPostUpdateInput): Promise<void> {
  const errors: FieldError[] = [];
  if (input.category_id && !(await repo.categoryExists(ctx.db, input.category_id))) {
    errors.push({ field: 'category_id', message: POST_MESSAGES.invalidCategory });
  }
  if (input.state_id && !(await repo.stateExists(ctx.db, input.state_id))) {
    errors.push({ field: 'state_id', message: POST_MESSAGES.invalidState });
  }
  if (errors.length > 0) throw validationFailed(errors);
}

/** Admin edit: any fields, and any status directly (product.md §4). */
export async function updateAdminPost(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  input: AdminPostUpdateInput,
): Promise<Decided> {
  await assertReferences(ctx, input);
  const change: Change = {
    title: input.title,
    content: input.content,
    categoryId: input.category_id,
    stateId: input.state_id,
    unlockPrice: input.unlock_price,
    status: input.status,
    reason: input.reason,
  };
  return decide(ctx, async (tx) => {
    const current = await repo.lockPost(tx, id);
    if (!current) throw postNotFound();
    return applyChange(tx, actor, current, change, 'post.update');
  });
}

/**
 * A report upheld with removal takes the tea down as a rejection does (readers refunded, bounty
 * returned, the author told) rather than deleting it, so the author can appeal for 30 days and an
 * upheld appeal republishes it with its photos. Already down: nothing moves.
 */
export async function removeReportedPost(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  reason: string,
): Promise<Decided> {
  return decide(ctx, async (tx) => {
    const current = await repo.lockPost(tx, id);
    if (!current) throw postNotFound();
    return applyChange(tx, actor, current, { status: 'rejected', reason }, 'post.remove');
  });
}

/**
 * An upheld appeal republishes a rejected or removed tea with its photos, in the appeal's
 * transaction, and returns its submission fee; answers the coins returned, or null when the tea
 * is no longer down.
 */
export async function reinstatePost(tx: Tx, actor: UserRow, id: string, refund: AppealRefund): Promise<number | null> {
  const current = await repo.lockPost(tx, id);
  if (!current || current.status !== 'rejected') return null;
  // The fee comes back first, so it counts towards holding a refunded bounty again.
  const returned = await returnSubmissionFee(tx, current, refund);
  await applyChange(tx, actor, current, { status: 'approved' }, 'post.reinstate');
  return returned;
}

/** A reinstatement that failed because another reversal of the same tea went live meanwhile is a 409. */
export const explainReinstateFailure = (error: unknown): unknown =>
  repo.isLiveReversalViolation(error) ? conflict(POST_MESSAGES.reversalExists) : error;

/**
 * Admin-only delete: the row (images, votes and comments cascade), then the files, with an audit
 * row. Answers the teas whose kept pages it ends (list-place.ts).
 */
export async function deletePost(ctx: AppContext, actor: UserRow, id: string): Promise<string[] | null> {
  const { keys, changed } = await ctx.db.transaction(async (tx) => {
    const post = await repo.lockPost(tx, id);
    if (!post) throw postNotFound();
    const imageKeys = await postImageKeys(tx, id);
    await refundUnlocks(tx, post);
    await refundBounty(tx, post, 'deleted');
    await tx.delete(posts).where(eq(posts.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'post.delete',
      targetType: 'post',
      targetId: id,
      data: {
        before: {
          title: post.title,
          status: post.status,
          author_id: post.authorId,
          tagged_handle: post.taggedHandle,
          original_post_id: post.originalPostId,
        },
        after: null,
      },
    });
    return { keys: imageKeys, changed: teasChanged(id, post, null) };
  });
  await removeImageFiles(ctx.images, keys);
  return changed;
}
