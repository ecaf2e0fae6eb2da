import { count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { isUuid } from '../../lib/ids.js';
import { containsPattern } from '../../lib/like-pattern.js';
import type { UserRow } from '../../db/rows.js';

/** The row, locked until the transaction ends, so a change and its audit record see the same "before". */
export async function lockUserById(tx: DbOrTx, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * Username or email containing the term, any case. Plain ILIKE scans the users table: it is small
 * next to posts (one row per person), so no trigram index is kept for it; add one (pg_trgm, as
 * migration 0002 does for posts) if accounts ever reach the millions.
 */
function userSearch(term: string | undefined): SQL | undefined {
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(ilike(users.username, pattern), ilike(users.email, pattern));
}

/** Newest accounts first; the id breaks ties so pages never overlap or skip a row. */
export async function listUsers(
  db: DbOrTx,
  query: { search?: string; skip: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const where = userSearch(query.search);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .offset(query.skip)
      .limit(query.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function renameUser(db: DbOrTx, id: string, username: string): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ username, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return row;
}
