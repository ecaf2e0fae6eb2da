import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { postVotes, posts } from '../../db/schema.js';

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
