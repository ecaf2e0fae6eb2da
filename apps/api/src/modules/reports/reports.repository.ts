import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { comments, postUnlocks, posts, reports, users } from '../../db/schema.js';
// Every id here is a uuid; the posts module's check is the same test.
import { isUuid } from '../../lib/ids.js';
import { containsPattern } from '../../lib/like-pattern.js';

export type ReportRow = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;
/**
 * A report with its reporter's username (null once that account is gone, or for a visitor's
 * request), whose content it is, and the title and handle of the tea it names.
 */
type DeskFacts = {
  reporterUsername: string | null;
  contentAuthorId: string | null;
  teaTitle: string | null;
  teaHandle: string | null;
};
export type ReportWithReporter = ReportRow & DeskFacts;

/** The reported comment's author, else the reported tea's: who an admin would act on. */
const contentAuthorId = sql<string | null>`coalesce(
  (select ${comments.userId} from ${comments} where ${comments.id} = ${reports.commentId}),
  (select ${posts.authorId} from ${posts} where ${posts.id} = ${reports.postId}))`;

/** What the desk reads beside each report: who filed it, whose content it is, and the tea it names. */
const deskColumns = {
  report: reports,
  reporterUsername: users.username,
  contentAuthorId,
  teaTitle: posts.title,
  teaHandle: posts.taggedHandle,
};

const flatten = ({ report, ...beside }: { report: ReportRow } & DeskFacts): ReportWithReporter => ({
  ...report,
  ...beside,
});

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
    .select(deskColumns)
    .from(reports)
    .leftJoin(users, eq(users.id, reports.reporterId))
    .leftJoin(posts, eq(posts.id, reports.postId))
    .where(eq(reports.id, id))
    .limit(1);
  return row ? flatten(row) : undefined;
}

export type ReportPageQuery = { where?: SQL; search?: string; skip: number; limit: number };

/**
 * The desk's search: a part of the reference or the contact address, or of the named tea's title,
 * handle or URL, in any case. Plain ILIKE: the desk reads a few thousand reports at most.
 */
function deskSearch(term: string | undefined): SQL | undefined {
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(
    ilike(reports.reference, pattern),
    ilike(reports.contactEmail, pattern),
    ilike(reports.contentUrl, pattern),
    ilike(posts.title, pattern),
    ilike(posts.taggedHandle, pattern),
  );
}

/** One page, newest first, and the total under the same filter. */
export async function pageOfReports(
  db: DbOrTx,
  query: ReportPageQuery,
): Promise<{ rows: ReportWithReporter[]; total: number }> {
  const where = and(query.where, deskSearch(query.search));
  const [rows, [total]] = await Promise.all([
    db
      .select(deskColumns)
      .from(reports)
      .leftJoin(users, eq(users.id, reports.reporterId))
      .leftJoin(posts, eq(posts.id, reports.postId))
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .offset(query.skip)
      .limit(query.limit),
    db.select({ n: count() }).from(reports).leftJoin(posts, eq(posts.id, reports.postId)).where(where),
  ]);
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

/** The post a Kettle tea URL names, if it exists (any status: the desk shows what was asked about). */
export async function existingPostId(db: DbOrTx, id: string | null): Promise<string | null> {
  if (!id || !isUuid(id)) return null;
  const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, id)).limit(1);
  return row?.id ?? null;
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
