import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { comments, postUnlocks, posts, reports, users } from '../../db/schema.js';
// Every id here is a uuid; the posts module's check is the same test.
import { isUuid } from '../../lib/ids.js';

export type ReportRow = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;
/** A report with its reporter's username (null once that account is gone, or for a visitor's request). */
export type ReportWithReporter = ReportRow & { reporterUsername: string | null; contentAuthorId: string | null };

/** The reported comment's author, else the reported tea's: who an admin would act on. */
const contentAuthorId = sql<string | null>`coalesce(
  (select ${comments.userId} from ${comments} where ${comments.id} = ${reports.commentId}),
  (select ${posts.authorId} from ${posts} where ${posts.id} = ${reports.postId}))`;

/**
 * Stores the report unless a unique key already holds it: the one-per-user-per-post and
 * per-comment indexes, or (astronomically rarely) the reference. No row means a conflict; the
 * caller tells which. A concurrent twin waits on the index and then does nothing.
 */
export async function insertReport(db: DbOrTx, values: NewReport): Promise<ReportRow | undefined> {
  const [row] = await db.insert(reports).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findPostReport(db: DbOrTx, reporterId: string, postId: string): Promise<ReportRow | undefined> {
  if (!isUuid(postId)) return undefined;
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.kind, 'post'), eq(reports.reporterId, reporterId), eq(reports.postId, postId)))
    .limit(1);
  return row;
}

export async function findCommentReport(
  db: DbOrTx,
  reporterId: string,
  commentId: string,
): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.kind, 'comment'), eq(reports.reporterId, reporterId), eq(reports.commentId, commentId)))
    .limit(1);
  return row;
}

/** The report locked until the transaction ends, so two admins' updates apply one after the other. */
export async function lockReport(db: DbOrTx, id: string): Promise<ReportRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).for('update');
  return row;
}

export async function findReportWithReporter(db: DbOrTx, id: string): Promise<ReportWithReporter | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ report: reports, reporterUsername: users.username, contentAuthorId })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(eq(reports.id, id))
    .limit(1);
  return row
    ? { ...row.report, reporterUsername: row.reporterUsername, contentAuthorId: row.contentAuthorId }
    : undefined;
}

export type ReportPageQuery = { where?: SQL; skip: number; limit: number };

/** One page, newest first, and the total under the same filter. */
export async function pageOfReports(
  db: DbOrTx,
  query: ReportPageQuery,
): Promise<{ rows: ReportWithReporter[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ report: reports, reporterUsername: users.username, contentAuthorId })
      .from(reports)
      .leftJoin(users, eq(users.id, reports.reporterId))
      .where(query.where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .offset(query.skip)
      .limit(query.limit),
    db.select({ n: count() }).from(reports).where(query.where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row.report,
      reporterUsername: row.reporterUsername,
      contentAuthorId: row.contentAuthorId,
    })),
    total: total?.n ?? 0,
  };
}

/** A takedown request by its reference and the email it gave: both must match. */
export async function findTakedown(db: DbOrTx, reference: string, email: string): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.kind, 'takedown'), eq(reports.reference, reference), eq(reports.contactEmail, email)))
    .limit(1);
  return row;
}

/**
 * The comment and the facts of its post, share-locked: a moderator deleting either waits for
 * this report to commit, or this report waits and then finds it gone.
 */
export async function shareCommentWithPost(db: DbOrTx, commentId: string) {
  if (!isUuid(commentId)) return undefined;
  const [row] = await db
    .select({
      id: comments.id,
      authorId: comments.userId,
      content: comments.content,
      postId: posts.id,
      postTitle: posts.title,
      postAuthorId: posts.authorId,
      postStatus: posts.status,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, commentId))
    .for('share');
  return row;
}

export async function hasUnlocked(db: DbOrTx, userId: string, postId: string): Promise<boolean> {
  const [row] = await db
    .select({ postId: postUnlocks.postId })
    .from(postUnlocks)
    .where(and(eq(postUnlocks.userId, userId), eq(postUnlocks.postId, postId)))
    .limit(1);
  return Boolean(row);
}

/** The title of the post a report points at (the outcome notice names the tea). */
export async function postTitle(db: DbOrTx, postId: string | null): Promise<string | null> {
  if (!postId) return null;
  const [row] = await db.select({ title: posts.title }).from(posts).where(eq(posts.id, postId));
  return row?.title ?? null;
}
