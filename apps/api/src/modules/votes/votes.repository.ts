import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { postVotes, posts } from '../../db/schema.js';
import { isUuid } from '../../lib/ids.js';

/**
 * The post's facts, locked against other writers until the transaction ends. NO KEY UPDATE
 * because the vote bumps vote_count on this row anyway: taking that lock first (instead of a
 * share lock upgraded later) means two votes cannot deadlock, and a moderator's reject or
 * delete (FOR UPDATE) waits for the vote, or the vote waits and sees the post's new state.
 * Comment and vote inserts only take KEY SHARE on the row (their foreign keys), which this
 * lock does not block.
 */
export async function lockPostForVote(db: DbOrTx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ id: posts.id, title: posts.title, authorId: posts.authorId, status: posts.status })
    .from(posts)
    .where(eq(posts.id, id))
    .for('no key update');
  return row;
}

/** Records the vote; false when this user had already voted (the primary key is the idempotency). */
export async function insertVote(db: DbOrTx, userId: string, postId: string): Promise<boolean> {
  const inserted = await db
    .insert(postVotes)
    .values({ userId, postId })
    .onConflictDoNothing()
    .returning({ postId: postVotes.postId });
  return inserted.length > 0;
}

/** One more vote on the post's counter; answers the new count. updated_at is the edit time, so it stays. */
export async function bumpVoteCount(db: DbOrTx, postId: string): Promise<number> {
  const [row] = await db
    .update(posts)
    .set({ voteCount: sql`${posts.voteCount} + 1` })
    .where(eq(posts.id, postId))
    .returning({ voteCount: posts.voteCount });
  if (!row) throw new Error(`bumpVoteCount: post ${postId} vanished under its lock`);
  return row.voteCount;
}
