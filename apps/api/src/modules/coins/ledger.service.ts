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

/**
 * The caller's own ledger, newest first (every earn and spend with its reason), in `seq` order:
 * seq is drawn after the change locked the user row, so it follows the balance, while created_at
 * (the transaction's start, shared by every row of one transaction) does not.
 */
export async function listLedger(db: DbOrTx, userId: string, query: TransactionListQuery): Promise<LedgerList> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(coinLedger)
      .where(eq(coinLedger.userId, userId))
      .orderBy(desc(coinLedger.seq))
      .offset(query.skip)
      .limit(query.limit),
    db.select({ n: count() }).from(coinLedger).where(eq(coinLedger.userId, userId)),
  ]);
  return {
    data: rows.map(toLedgerEntry),
    metadata: { total_elements: Number(total?.n ?? 0), skip: query.skip, limit: query.limit },
  };
}
