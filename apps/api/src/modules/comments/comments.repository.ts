import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { comments, users } from '../../db/schema.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { isUuid } from '../../lib/ids.js';

export type CommentRow = {
  id: string;
  postId: string;
  userId: string;
  username: string;
  parentCommentId: string | null;
  content: string;
  createdAt: Date;
};

const columns = {
  id: comments.id,
  postId: comments.postId,
  userId: comments.userId,
  username: users.username,
  parentCommentId: comments.parentCommentId,
  content: comments.content,
  createdAt: comments.createdAt,
};

/** A post's whole conversation with usernames, oldest first (ties by id, so the order is stable). */
export async function postCommentRows(db: DbOrTx, postId: string): Promise<CommentRow[]> {
  return db
    .select(columns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.postId, postId))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

/**
 * The comment under a lock until the transaction ends: 'share' while a reply is written under
 * it (a delete of the parent waits, then takes the reply with it), 'update' while deleting.
 * A malformed id names no comment.
 */
export async function lockComment(db: DbOrTx, id: string, strength: 'share' | 'update') {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      userId: comments.userId,
      parentCommentId: comments.parentCommentId,
    })
    .from(comments)
    .where(eq(comments.id, id))
    .for(strength);
  return row;
}

export async function insertComment(
  db: DbOrTx,
  values: { postId: string; userId: string; parentCommentId: string | null; content: string },
) {
  const [row] = await db.insert(comments).values(values).returning();
  if (!row) throw new Error('insertComment: no row returned');
  return row;
}

/** The ids of every reply, at any depth, under a comment (what its deletion takes along). */
export async function descendantIds(db: DbOrTx, id: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive thread as (
      select id from ${comments} where parent_comment_id = ${id}
      union all
      select c.id from ${comments} c join thread t on c.parent_comment_id = t.id
    )
    select id from thread`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** Deletes the comment; replies go with it (parent_comment_id cascades). */
export async function deleteCommentRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(comments).where(eq(comments.id, id));
}
