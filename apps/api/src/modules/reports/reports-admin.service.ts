import {
  REPORT_MESSAGES,
  type ReportList,
  type AdminReportListQuery,
  type ReportUpdateData,
  type ReportUpdated,
} from '@kettle/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { reports } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { announceRemovedComments, removeCommentById, type RemovedComments } from '../comments/comments.service.js';
import { removeReportedPost } from '../posts/admin/posts-admin.service.js';
import type { UserRow } from '../../db/rows.js';
import { isDecided, mailTakedownOutcome, noticeReporterInApp } from './report-notices.js';
import { toReport, toReportList } from './reports.presenter.js';
import * as repo from './reports.repository.js';

const reportNotFound = () => notFound(REPORT_MESSAGES.notFound);

/** GET /posts/admin/reports: every kind, newest first, optionally one status and a search. */
export async function listReports(ctx: AppContext, query: AdminReportListQuery): Promise<ReportList> {
  const where = query.status ? eq(reports.status, query.status) : undefined;
  const { rows, total } = await repo.pageOfReports(ctx.db, { ...query, where });
  return toReportList(rows, 'admin', { total, skip: query.skip, limit: query.limit });
}

/** resolved_by/at follow the status: set by whoever decides, cleared when a report goes back to pending. */
function resolution(before: repo.ReportRow, status: repo.ReportRow['status'], actor: UserRow) {
  if (status === before.status) return {};
  if (status === 'pending') return { resolvedBy: null, resolvedAt: null };
  return { resolvedBy: actor.id, resolvedAt: new Date() };
}

/** Deletes the reported comment and its replies with an audit row; null when it is already gone. */
async function removeComment(tx: Tx, actor: UserRow, report: repo.ReportRow): Promise<RemovedComments | null> {
  if (!report.commentId) return null;
  const taken = await removeCommentById(tx, report.commentId, actor.id);
  if (!taken) return null;
  const { comment: gone, removed } = taken;
  await recordAudit(tx, {
    actorId: actor.id,
    action: 'comment.delete',
    targetType: 'comment',
    targetId: gone.id,
    data: { before: { post_id: gone.postId, author_id: gone.userId }, after: null, report_id: report.id },
  });
  return removed;
}

type Applied = {
  after: repo.ReportRow;
  statusMoved: boolean;
  postToRemove: string | null;
  commentsRemoved: RemovedComments | null;
};

/**
 * PUT /posts/admin/reports/{id}: any status, notes, and optionally removing what was reported.
 * The report, its audit row, the reporter's notice and a comment removal commit together; a
 * post removal then takes the tea down as a rejection (refunds, audit, the author told, open to
 * appeal) in the same request, and a takedown's outcome is mailed once everything committed.
 * `changed`: the teas whose kept pages may show something else now (none when no published tea
 * came down: no kept page shows a report or a comment), or null when every list may have changed.
 */
export async function updateReport(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  input: ReportUpdateData,
  log: FastifyBaseLogger,
): Promise<{ updated: ReportUpdated; changed: string[] | null }> {
  const { after, statusMoved, postToRemove, commentsRemoved } = await ctx.db.transaction(
    async (tx): Promise<Applied> => {
      const before = await repo.lockReport(tx, id);
      if (!before) throw reportNotFound();
      const statusMoved = input.status !== before.status;
      // Absent notes keep what is there; blank notes clear them.
      const adminNotes = input.admin_notes === undefined ? before.adminNotes : input.admin_notes || null;
      const [after] = await tx
        .update(reports)
        .set({ status: input.status, adminNotes, ...resolution(before, input.status, actor), updatedAt: new Date() })
        .where(eq(reports.id, before.id))
        .returning();
      if (!after) throw reportNotFound();

      const removing = input.remove_post && input.status === 'approved';
      const postToRemove = removing && before.kind === 'post' ? before.postId : null;
      const commentsRemoved = removing && before.kind === 'comment' ? await removeComment(tx, actor, before) : null;
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'report.update',
        targetType: 'report',
        targetId: before.id,
        data: {
          before: { status: before.status, admin_notes: before.adminNotes },
          after: { status: after.status, admin_notes: after.adminNotes },
          removed: postToRemove ? { post_id: postToRemove } : commentsRemoved ? { comment_id: before.commentId } : null,
        },
      });
      if (statusMoved && isDecided(after)) {
        const postTitle = await repo.postTitle(tx, after.postId);
        await noticeReporterInApp(tx, after, { postTitle, postRemoved: postToRemove !== null });
      }
      return { after, statusMoved, postToRemove, commentsRemoved };
    },
  );

  if (commentsRemoved) await announceRemovedComments(ctx, commentsRemoved, log);

  const changed = postToRemove ? await removePost(ctx, actor, postToRemove) : [];
  if (statusMoved && isDecided(after)) await mailTakedownOutcome(ctx, after);
  const fresh = await repo.findReportWithReporter(ctx.db, after.id);
  const updated = { message: REPORT_MESSAGES.updated(after.status), report: toReport(fresh ?? after, 'admin') };
  return { updated, changed };
}

/**
 * A post another admin already deleted is the outcome wanted, not an error (that deletion's own
 * request ended its pages). Answers the teas whose kept pages the removal ends (list-place.ts).
 */
async function removePost(ctx: AppContext, actor: UserRow, postId: string): Promise<string[] | null> {
  try {
    return (await removeReportedPost(ctx, actor, postId, REPORT_MESSAGES.removedReason)).changed;
  } catch (error) {
    if (!(error instanceof AppError && error.statusCode === 404)) throw error;
    return [];
  }
}
