import { and, count, eq, gt, inArray, isNotNull, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { categories, comments, posts, states, users } from '../../db/schema.js';
import { isUuid } from '../../lib/ids.js';
import { uniqueViolationConstraint } from '../../lib/pg-errors.js';
import type { PostRow } from '../../db/rows.js';

export async function findPost(db: DbOrTx, id: string): Promise<PostRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(posts).where(eq(posts.id, id)).limit(1);
  return row;
}

/** The row locked until the transaction ends, so two moderators cannot both act on one version. */
export async function lockPost(db: DbOrTx, id: string): Promise<PostRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(posts).where(eq(posts.id, id)).for('update');
  return row;
}

/**
 * The comment a bounty goes to, share-locked so its deletion waits for the award (or the award
 * finds it gone). Read here, not through the comments module, which itself builds on posts.
 */
export async function lockAwardedComment(db: DbOrTx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ id: comments.id, postId: comments.postId, userId: comments.userId })
    .from(comments)
    .where(eq(comments.id, id))
    .for('share');
  return row;
}

/** Serialises one author's submissions, so the per-handle limit holds under concurrency. */
export async function lockAuthor(db: DbOrTx, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function categoryExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return Boolean(row);
}

export async function stateExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: states.id }).from(states).where(eq(states.id, id));
  return Boolean(row);
}

/** How many posts this author wrote about `handle` (any case) since `since`, and the oldest one's time. */
export async function recentPostsAboutHandle(
  db: DbOrTx,
  authorId: string,
  handle: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldest: min(posts.createdAt) })
    .from(posts)
    .where(
      and(
        eq(posts.authorId, authorId),
        sql`lower(${posts.taggedHandle}) = lower(${handle})`,
        gt(posts.createdAt, since),
      ),
    );
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

export async function hasLiveReversal(db: DbOrTx, originalId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        isNotNull(posts.originalPostId),
        eq(posts.originalPostId, originalId),
        inArray(posts.status, ['pending', 'approved']),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The database's own guard for "one live reversal per original" (schema: posts_one_live_reversal_key). */
export const isLiveReversalViolation = (error: unknown): boolean =>
  uniqueViolationConstraint(error) === 'posts_one_live_reversal_key';
