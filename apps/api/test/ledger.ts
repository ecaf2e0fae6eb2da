import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { rowsOf } from '../src/lib/sql-rows.js';

/** The coin invariants of the reliability plan: every balance equals its ledger sum, none below zero. */
export async function expectLedgerMatches(app: FastifyInstance): Promise<void> {
  const result = await app.ctx.db.execute(sql`
    select u.id, u.coin_balance, coalesce(sum(l.delta), 0)::int as ledger
    from users u left join coin_ledger l on l.user_id = u.id
    group by u.id, u.coin_balance`);
  const rows = rowsOf<{ id: string; coin_balance: number; ledger: number }>(result);
  for (const row of rows) {
    expect(Number(row.coin_balance), `user ${row.id}`).toBe(Number(row.ledger));
    expect(Number(row.coin_balance)).toBeGreaterThanOrEqual(0);
  }
  await expectEscrowMatches(app);
}

/**
 * Coins held for open bounties: the sum of escrowed bounties equals what the escrow rows took
 * minus what awards and refunds paid out (every settlement pays a bounty in full).
 */
export async function expectEscrowMatches(app: FastifyInstance): Promise<void> {
  const result = await app.ctx.db.execute(sql`
    select
      (select coalesce(sum(bounty), 0) from posts where bounty_status = 'escrowed')::int as held,
      (select coalesce(sum(-delta), 0) from coin_ledger where kind = 'bounty_escrow')::int as escrowed,
      (select coalesce(sum(delta), 0) from coin_ledger where kind in ('bounty_award', 'bounty_refund'))::int as settled`);
  const [row] = rowsOf<{ held: number; escrowed: number; settled: number }>(result);
  expect(Number(row?.held), 'coins held for open bounties').toBe(Number(row?.escrowed) - Number(row?.settled));
}
