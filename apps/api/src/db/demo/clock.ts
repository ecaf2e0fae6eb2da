import { sql } from 'drizzle-orm';
import type { Tx } from '../client.js';

/**
 * The demo runs through the real services in one transaction, so every row they write by
 * default carries now(), the transaction's start. After each step of the story, the rows that
 * step wrote (the only ones still at now()) are moved to the moment the story says it happened.
 * Steps run in story order, so ledger sequence and balances agree with the backdated times.
 */
const COLUMNS = {
  users: ['updated_at'],
  coin_ledger: ['created_at'],
  posts: ['created_at', 'updated_at'],
  post_images: ['created_at'],
  post_unlocks: ['created_at'],
  post_votes: ['created_at'],
  comments: ['created_at'],
  post_events: ['created_at'],
  reports: ['created_at', 'updated_at'],
  notifications: ['created_at'],
  audit_log: ['created_at'],
  purchases: ['created_at', 'updated_at'],
  payment_events: ['received_at'],
} as const;
export type StampedTable = keyof typeof COLUMNS;

/**
 * One statement per step (data-modifying CTEs all run to completion): on PGlite every round
 * trip counts, and the story has a few hundred steps.
 */
export async function backdate(tx: Tx, at: Date, tables: readonly StampedTable[]): Promise<void> {
  if (tables.length === 0) return;
  const when = at.toISOString();
  const updates = tables.map((table, i) => {
    const columns = COLUMNS[table].map((c) => sql.identifier(c));
    const set = sql.join(
      columns.map((col) => sql`${col} = case when ${col} = now() then ${when}::timestamptz else ${col} end`),
      sql`, `,
    );
    const where = sql.join(
      columns.map((col) => sql`${col} = now()`),
      sql` or `,
    );
    return sql`${sql.identifier(`s${i}`)} as (update ${sql.identifier(table)} set ${set} where ${where} returning 1)`;
  });
  await tx.execute(sql`with ${sql.join(updates, sql`, `)} select 1`);
}

const HOUR_MS = 3_600_000;
export const hoursBefore = (now: Date, hours: number) => new Date(now.getTime() - hours * HOUR_MS);
export const hoursAfter = (at: Date, hours: number) => new Date(at.getTime() + hours * HOUR_MS);
