import { count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { appeals, users } from '../../db/schema.js';

export type AppealRow = typeof appeals.$inferSelect;
export type AppealWithNames = AppealRow & {
  username: string;
  decidedByName: string | null;
  reviewedByName: string | null;
};

export const APPEALS_PER_PAGE = 20;

/** The insert that keeps one appeal per decision: a second answers null (unique key). */
export async function insertAppeal(db: DbOrTx, values: typeof appeals.$inferInsert): Promise<AppealRow | null> {
  const [row] = await db.insert(appeals).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function lockAppeal(tx: DbOrTx, id: string): Promise<AppealRow | undefined> {
  const [row] = await tx.select().from(appeals).where(eq(appeals.id, id)).for('update');
  return row;
}

const appellant = alias(users, 'appellant');
const decider = alias(users, 'decider');
const reviewer = alias(users, 'reviewer');

/** One page of appeals, newest first, with the names each side may see. */
export async function pageOfAppeals(
  db: DbOrTx,
  where: SQL | undefined,
  page: number,
): Promise<{ rows: AppealWithNames[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        appeal: appeals,
        username: appellant.username,
        decidedByName: decider.username,
        reviewedByName: reviewer.username,
      })
      .from(appeals)
      .innerJoin(appellant, eq(appellant.id, appeals.userId))
      .leftJoin(decider, eq(decider.id, appeals.decidedBy))
      .leftJoin(reviewer, eq(reviewer.id, appeals.reviewedBy))
      .where(where)
      .orderBy(desc(appeals.createdAt), desc(appeals.id))
      .offset((page - 1) * APPEALS_PER_PAGE)
      .limit(APPEALS_PER_PAGE),
    db.select({ n: count() }).from(appeals).where(where),
  ]);
  return {
    rows: rows.map(({ appeal, ...names }) => ({ ...appeal, ...names })),
    total: total?.n ?? 0,
  };
}

export async function appealWithNames(db: DbOrTx, id: string): Promise<AppealWithNames | undefined> {
  const { rows } = await pageOfAppeals(db, eq(appeals.id, id), 1);
  return rows[0];
}
