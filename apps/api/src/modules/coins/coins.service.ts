import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { coinLedger, users } from '../../db/schema.js';
import { rowsOf } from '../../lib/sql-rows.js';

/** Why a balance changed. Spends arrive with the posts issues; credits exist from the start. */
export type LedgerKind = 'signup_bonus' | 'daily_drop' | 'demo_grant' | 'admin_add' | 'admin_set' | 'refund';

export type CreditInput = {
  userId: string;
  amount: number;
  kind: LedgerKind;
  reason?: string;
  actorId?: string;
  reference?: { type: string; id: string };
};

/**
 * Adds coins and writes the ledger row in one statement, so the balance and the ledger
 * cannot disagree even if the caller forgets a transaction.
 */
export async function creditCoins(db: DbOrTx, input: CreditInput): Promise<number> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error('credit amount must be a positive integer');
  const result = await db.execute(sql`
    with updated as (
      update ${users} set coin_balance = coin_balance + ${input.amount}, updated_at = now()
      where id = ${input.userId}
      returning id, coin_balance
    )
    insert into ${coinLedger} (user_id, delta, balance_after, kind, reason, actor_id, reference_type, reference_id)
    select id, ${input.amount}, coin_balance, ${input.kind}, ${input.reason ?? null}, ${input.actorId ?? null},
           ${input.reference?.type ?? null}, ${input.reference?.id ?? null}
    from updated
    returning balance_after`);
  const [row] = rowsOf<{ balance_after: number }>(result);
  if (!row) throw new Error(`creditCoins: user ${input.userId} not found`);
  return Number(row.balance_after);
}

export async function ledgerSum(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${coinLedger.delta}), 0)::int` })
    .from(coinLedger)
    .where(eq(coinLedger.userId, userId));
  return Number(row?.total ?? 0);
}
