import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { userBlocks, users } from '../../db/schema.js';

/** Adds the block; a repeat is a no-op (the primary key is the idempotency). */
export async function insertBlock(db: DbOrTx, blockerId: string, blockedId: string): Promise<void> {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: DbOrTx, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

/** The blocker's list with usernames, newest first (ties by id so pages are stable). */
export async function listBlocks(db: DbOrTx, blockerId: string, only?: string) {
  return db
    .select({ userId: userBlocks.blockedId, username: users.username, blockedAt: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(and(eq(userBlocks.blockerId, blockerId), only ? eq(userBlocks.blockedId, only) : undefined))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId));
}
