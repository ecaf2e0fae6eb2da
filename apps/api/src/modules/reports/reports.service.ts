import {
  COSTS,
  MESSAGES,
  REPORT_COMMENT_EXCERPT_CHARS,
  REPORT_MESSAGES,
  type MyReport,
  type ReportCreateData,
  type ReportCreated,
  type ReportList,
  type ReportListQuery,
} from '@kettle/shared';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { reports } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import { spendCoins } from '../coins/coins.service.js';
import { assertMayParticipate } from '../../lib/participation.js';
import { enterPost } from '../posts/access/gate.js';
import type { UserRow } from '../../db/rows.js';
import { newReference } from './reference.js';
import { canReadComment, commentExcerpt, isReportable, reportRefusal, type ReportRefusal } from './reports.policy.js';
import { toReport, toReportList } from './reports.presenter.js';
import * as repo from './reports.repository.js';

const commentNotFound = () => notFound(MESSAGES.notFound.comment);

function assertMayReport(refusal: ReportRefusal, ownMessage: string): void {
  if (refusal === 'admin') throw forbidden(REPORT_MESSAGES.adminsDontReport);
  if (refusal === 'own') throw forbidden(ownMessage);
}

const REFERENCE_TRIES = 3;

/**
 * Inserts the report under a fresh reference. The unique indexes do the deduplication: a
 * conflicting insert changes nothing, and `existing` says whether it was this user's earlier
 * report (409, before any charge) or only a reference collision (try another reference).
 */
export async function insertWithReference(
  db: DbOrTx,
  values: Omit<repo.NewReport, 'reference'>,
  existing: () => Promise<unknown>,
): Promise<repo.ReportRow> {
  for (let attempt = 0; attempt < REFERENCE_TRIES; attempt += 1) {
    const row = await repo.insertReport(db, { ...values, reference: newReference() });
    if (row) return row;
    if (await existing()) throw conflict(REPORT_MESSAGES.duplicate);
  }
  throw new Error('reports: no free reference after several tries');
}

/** The charge for a report: the report row and the 15 coins commit together or not at all. */
const chargeReport = (db: DbOrTx, userId: string, report: repo.ReportRow, reason: string) =>
  spendCoins(db, {
    userId,
    cost: COSTS.report,
    kind: 'report',
    reason,
    reference: { type: 'report', id: report.id },
  });

const created = (report: repo.ReportRow, coinBalance: number): ReportCreated => ({
  message: REPORT_MESSAGES.submitted,
  report: toReport(report, 'reporter'),
  coin_balance: coinBalance,
});

/** POST /posts/{id}/report: once per user and post, 15 coins, no unlock needed. */
export async function reportPost(
  ctx: AppContext,
  user: UserRow,
  postId: string,
  input: ReportCreateData,
): Promise<ReportCreated> {
  assertMayParticipate(user);
  const { report, coinBalance } = await ctx.db.transaction(async (tx) => {
    const post = await enterPost(tx, user, postId, 'report');
    assertMayReport(reportRefusal(user, post.authorId), REPORT_MESSAGES.ownPost);
    const row = await insertWithReference(
      tx,
      { kind: 'post', reporterId: user.id, postId: post.id, reason: input.reason, description: input.description },
      () => repo.findPostReport(tx, user.id, post.id),
    );
    return { report: row, coinBalance: await chargeReport(tx, user.id, row, `Reported "${post.title}"`) };
  });
  return created(report, coinBalance);
}

/** POST /comments/{id}/report: the same, for a comment the reporter can read. */
export async function reportComment(
  ctx: AppContext,
  user: UserRow,
  commentId: string,
  input: ReportCreateData,
): Promise<ReportCreated> {
  assertMayParticipate(user);
  const { report, coinBalance } = await ctx.db.transaction(async (tx) => {
    const comment = await repo.shareCommentWithPost(tx, commentId);
    const post = comment && { authorId: comment.postAuthorId, status: comment.postStatus };
    if (!comment || !post || !isReportable(post)) throw commentNotFound();
    assertMayReport(reportRefusal(user, comment.authorId), REPORT_MESSAGES.ownComment);
    // A comment behind a lock the reporter never opened is, for them, a comment that is not there.
    if (!canReadComment(user.id, post, await repo.hasUnlocked(tx, user.id, comment.postId))) throw commentNotFound();
    const row = await insertWithReference(
      tx,
      {
        kind: 'comment',
        reporterId: user.id,
        postId: comment.postId,
        commentId: comment.id,
        commentExcerpt: commentExcerpt(comment.content, REPORT_COMMENT_EXCERPT_CHARS),
        reason: input.reason,
        description: input.description,
      },
      () => repo.findCommentReport(tx, user.id, comment.id),
    );
    const reason = `Reported a comment on "${comment.postTitle}"`;
    return { report: row, coinBalance: await chargeReport(tx, user.id, row, reason) };
  });
  return created(report, coinBalance);
}

/** GET /posts/{id}/my-report: the caller's report on that post, or null. */
export async function myPostReport(ctx: AppContext, user: UserRow, postId: string): Promise<MyReport> {
  const row = await repo.findPostReport(ctx.db, user.id, postId);
  return { report: row ? toReport(row, 'reporter') : null };
}

/** GET /reports/me: what the caller filed (reports and takedown requests), newest first. */
export async function myReports(ctx: AppContext, user: UserRow, query: ReportListQuery): Promise<ReportList> {
  const filters: SQL[] = [eq(reports.reporterId, user.id)];
  if (query.status) filters.push(eq(reports.status, query.status));
  const { rows, total } = await repo.pageOfReports(ctx.db, {
    where: and(...filters),
    skip: query.skip,
    limit: query.limit,
  });
  return toReportList(rows, 'reporter', { total, skip: query.skip, limit: query.limit });
}
