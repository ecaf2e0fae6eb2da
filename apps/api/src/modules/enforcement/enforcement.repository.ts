import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import { accountActions, posts, users } from '../../db/schema.js';

export type AccountActionRow = typeof accountActions.$inferSelect;
export type ActionWithNames = AccountActionRow & { adminName: string | null; postTitle: string | null };

/** The account, locked: two admins acting at once are applied one after the other. */
export async function lockAccount(tx: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** The tea's title if it is this user's, else undefined: an action cites only the user's own content. */
export async function titleOfOwnPost(tx: DbOrTx, userId: string, postId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ authorId: posts.authorId, title: posts.title })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  return row?.authorId === userId ? row.title : undefined;
}

export async function insertAction(tx: DbOrTx, values: typeof accountActions.$inferInsert): Promise<AccountActionRow> {
  const [row] = await tx.insert(accountActions).values(values).returning();
  if (!row) throw new Error('the account action was not stored');
  return row;
}

const admin = alias(users, 'admin');

/** Every action on one account, newest first, with the deciding admin's name and the tea's title. */
export async function actionsOf(db: DbOrTx, userId: string): Promise<ActionWithNames[]> {
  const rows = await db
    .select({ action: accountActions, adminName: admin.username, postTitle: posts.title })
    .from(accountActions)
    .leftJoin(admin, eq(admin.id, accountActions.adminId))
    .leftJoin(posts, eq(posts.id, accountActions.postId))
    .where(eq(accountActions.userId, userId))
    .orderBy(desc(accountActions.createdAt), desc(accountActions.id));
  return rows.map(({ action, adminName, postTitle }) => ({ ...action, adminName, postTitle }));
}
