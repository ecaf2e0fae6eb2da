import {
  GUARD_FLAGS,
  NOTIFICATION_TEXT,
  PRIVACY_DECISION_MESSAGES,
  isRemovable,
  removedSummary,
  type FlaggedComment,
  type GuardSummary,
} from '@kettle/shared';
import { redact } from '@kettle/shared/guard';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import type { Tx } from '../../../db/client.js';
import type { UserRow } from '../../../db/rows.js';
import { comments, heldComments, posts, privacyReviews, users } from '../../../db/schema.js';
import { notFound } from '../../../lib/app-error.js';
import { recordAudit } from '../../../lib/audit.js';
import { isUuid } from '../../../lib/ids.js';
import { notify } from '../../../lib/notify.js';
import { scanStatus } from './guard-scan-job.js';
import { lockOpenReview, settleOpenReview, type ReviewTarget } from './privacy-reviews.service.js';

/** The longest list of flagged comments one answer carries; the oldest come first. */
const FLAGGED_COMMENTS_MAX = 100;

/** The admin home's figures: open reviews per flag, teas and comments flagged, comments held. */
export async function guardSummary(ctx: AppContext): Promise<GuardSummary> {
  const [perFlag, perTarget, [held]] = await Promise.all([
    ctx.db
      .select({ flag: sql<string>`flag`, n: count() })
      .from(sql`${privacyReviews}, unnest(${privacyReviews.flags}) flag`)
      .where(eq(privacyReviews.status, 'open'))
      .groupBy(sql`flag`),
    ctx.db
      .select({ teas: count(privacyReviews.postId), comments: count(privacyReviews.commentId) })
      .from(privacyReviews)
      .where(eq(privacyReviews.status, 'open')),
    ctx.db.select({ n: count() }).from(heldComments),
  ]);
  const flags = Object.fromEntries(GUARD_FLAGS.map((flag) => [flag, 0])) as GuardSummary['flags'];
  for (const row of perFlag) if (row.flag in flags) flags[row.flag as keyof typeof flags] = Number(row.n);
  return {
    flags,
    flagged_teas: Number(perTarget[0]?.teas ?? 0),
    flagged_comments: Number(perTarget[0]?.comments ?? 0),
    held_comments: Number(held?.n ?? 0),
    scan: scanStatus(ctx),
  };
}

/** Published comments with an open review, oldest first: what the scan found, or a hint they published with. */
export async function listFlaggedComments(ctx: AppContext): Promise<{ data: FlaggedComment[] }> {
  const rows = await ctx.db
    .select({ review: privacyReviews, comment: comments, username: users.username, postTitle: posts.title })
    .from(privacyReviews)
    .innerJoin(comments, eq(comments.id, privacyReviews.commentId))
    .innerJoin(users, eq(users.id, comments.userId))
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(and(eq(privacyReviews.status, 'open'), isNotNull(privacyReviews.commentId)))
    .orderBy(asc(privacyReviews.createdAt))
    .limit(FLAGGED_COMMENTS_MAX);
  return {
    data: rows.map(({ review, comment, username, postTitle }) => ({
      id: comment.id,
      post_id: comment.postId,
      post_title: postTitle,
      username,
      content: comment.content,
      created_at: comment.createdAt.toISOString(),
      flags: review.flags,
      findings: review.findings,
    })),
  };
}

const idOf = (target: ReviewTarget): string => (target.postId !== undefined ? target.postId : target.commentId);

async function lockReviewOf(tx: Tx, target: ReviewTarget) {
  const review = isUuid(idOf(target)) ? await lockOpenReview(tx, target) : undefined;
  if (!review) throw notFound(PRIVACY_DECISION_MESSAGES.nothingOpen);
  return review;
}

/** "Keep as is": the moderator read what the guard flagged and lets the tea or comment stand. */
export async function clearReview(ctx: AppContext, actor: UserRow, target: ReviewTarget): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const review = await lockReviewOf(tx, target);
    await settleOpenReview(tx, target, 'cleared', actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'guard.clear',
      targetType: target.postId === undefined ? 'comment' : 'post',
      targetId: idOf(target),
      data: { flags: review.flags },
    });
  });
}

/**
 * Removes what the guard flagged from a published comment, which stays published; its writer is
 * told what went and why, and the audit row keeps where each removal was, never the words.
 */
export async function redactComment(ctx: AppContext, actor: UserRow, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const review = await lockReviewOf(tx, { commentId: id });
    const findings = review.findings.filter(isRemovable);
    const [comment] = await tx.select().from(comments).where(eq(comments.id, id)).for('update');
    if (!comment) throw notFound(PRIVACY_DECISION_MESSAGES.commentNotFound);
    await tx
      .update(comments)
      .set({ content: redact(comment.content, findings) })
      .where(eq(comments.id, id));
    await settleOpenReview(tx, { commentId: id }, 'redacted', actor.id, { forgetTexts: true });
    const removed = removedSummary(findings.map((found) => found.kind));
    if (removed) {
      await notify(tx, {
        userId: comment.userId,
        kind: 'comment_redacted',
        title: NOTIFICATION_TEXT.commentRedacted.title,
        body: NOTIFICATION_TEXT.commentRedacted.body(removed),
        link: `/posts/${comment.postId}`,
      });
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'comment.redact',
      targetType: 'comment',
      targetId: id,
      data: { post_id: comment.postId, removed: findings.map(({ kind, start, end }) => ({ kind, start, end })) },
    });
  });
}
