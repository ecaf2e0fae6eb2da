import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { postUnlocks } from '../../../db/schema.js';

/** Which of `postIds` this user has unlocked: one query for a whole page. */
export async function unlockedPostIds(db: DbOrTx, userId: string, postIds: string[]): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .select({ postId: postUnlocks.postId })
    .from(postUnlocks)
    .where(and(eq(postUnlocks.userId, userId), inArray(postUnlocks.postId, postIds)));
  return new Set(rows.map((row) => row.postId));
}

/** Records the unlock; false when this user had already unlocked the post (the key is the idempotency). */
export async function insertUnlock(db: DbOrTx, userId: string, postId: string, pricePaid: number): Promise<boolean> {
  const inserted = await db
    .insert(postUnlocks)
    .values({ userId, postId, pricePaid })
    .onConflictDoNothing()
    .returning({ postId: postUnlocks.postId });
  return inserted.length > 0;
}

export async function unlockedByOthers(db: DbOrTx, postId: string, authorId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(postUnlocks)
    .where(and(eq(postUnlocks.postId, postId), ne(postUnlocks.userId, authorId)))
    .limit(1);
  return Boolean(row);
}

/** Removes a post's unlocks and answers who paid what, for refunds. */
export async function takeUnlocks(db: DbOrTx, postId: string) {
  return db
    .delete(postUnlocks)
    .where(eq(postUnlocks.postId, postId))
    .returning({ userId: postUnlocks.userId, pricePaid: postUnlocks.pricePaid });
}
