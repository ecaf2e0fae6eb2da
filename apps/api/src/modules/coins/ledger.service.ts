import { count, desc, eq } from 'drizzle-orm';
import type { LedgerEntry, LedgerList, TransactionListQuery } from '@kettle/shared';
import type { DbOrTx } from '../../db/client.js';
import { coinLedger } from '../../db/schema.js';

type LedgerRow = typeof coinLedger.$inferSelect;

/** What the owner sees of a ledger row: no actor ids or references, which may name other people's things. */
export const toLedgerEntry = (row: LedgerRow): LedgerEntry => ({
  id: row.id,
  delta: row.delta,
  balance_after: row.balanceAfter,
  kind: row.kind,
  reason: row.reason,
  created_at: row.createdAt.toISOString(),
});

/** The caller's own ledger, newest first (every earn and spend with its reason). */
export async function listLedger(db: DbOrTx, userId: string, query: TransactionListQuery): Promise<LedgerList> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(coinLedger)
      .where(eq(coinLedger.userId, userId))
      .orderBy(desc(coinLedger.createdAt), desc(coinLedger.id))
      .offset(query.skip)
      .limit(query.limit),
    db.select({ n: count() }).from(coinLedger).where(eq(coinLedger.userId, userId)),
  ]);
  return {
    data: rows.map(toLedgerEntry),
    metadata: { total_elements: Number(total?.n ?? 0), skip: query.skip, limit: query.limit },
  };
}
