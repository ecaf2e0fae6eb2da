/**
 * The coin invariants of the reliability plan, as one checker for every engine and every kind of
 * test: an in-process app after each test (harness.ts), a crashed server's store after its restart,
 * a database that lived through an outage. Each check is one query answering the rows that break
 * it, so a failure names the user, purchase or row at fault.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { rowsOf } from '../src/lib/sql-rows.js';

/** Runs one SQL text and answers its rows (PGlite, node-postgres or the app's drizzle database). */
export type InvariantQuery = (text: string) => Promise<Record<string, unknown>[]>;

type Check = { name: string; sql: string };

const MONEY_CHECKS: Check[] = [
  {
    name: 'balance differs from the sum of its ledger rows',
    sql: `select u.id, u.coin_balance, coalesce(sum(l.delta), 0)::int as ledger
      from users u left join coin_ledger l on l.user_id = u.id
      group by u.id, u.coin_balance having u.coin_balance <> coalesce(sum(l.delta), 0)`,
  },
  { name: 'balance below zero', sql: `select id, coin_balance from users where coin_balance < 0` },
  {
    name: 'purchase credited more than once',
    sql: `select reference_id as purchase_id, count(*)::int as credits from coin_ledger
      where kind = 'purchase' and reference_id is not null group by reference_id having count(*) > 1`,
  },
  {
    name: 'purchase credited while not paid, or for other than its coins',
    sql: `select p.id, p.status, p.total_coins, l.delta from coin_ledger l
      join purchases p on p.id::text = l.reference_id
      where l.kind = 'purchase' and (p.status not in ('succeeded', 'refunded') or l.delta <> p.total_coins)`,
  },
  {
    name: 'purchase paid but never credited',
    sql: `select p.id, p.status from purchases p
      where p.status in ('succeeded', 'refunded')
        and not exists (select 1 from coin_ledger l where l.kind = 'purchase' and l.reference_id = p.id::text)`,
  },
  {
    // Every settlement pays a bounty in full, so what is held is what escrow took minus what left it.
    name: 'coins held for open bounties differ from escrow minus settlements',
    sql: `select held, escrowed, settled from (select
        (select coalesce(sum(bounty), 0) from posts where bounty_status = 'escrowed')::int as held,
        (select coalesce(sum(-delta), 0) from coin_ledger where kind = 'bounty_escrow')::int as escrowed,
        (select coalesce(sum(delta), 0) from coin_ledger where kind in ('bounty_award', 'bounty_refund'))::int as settled
      ) t where held <> escrowed - settled`,
  },
];

/**
 * A paid effect and its charge commit in one transaction, so they share `now()`: each effect row
 * matches exactly one ledger row of its kind, user, target and moment. Test fixtures that insert
 * effect rows straight into a table have no charge, so files built on them opt out (harness.ts).
 */
const SPEND_CHECKS: Check[] = [
  {
    name: 'unlock without exactly one matching charge',
    sql: `select u.user_id, u.post_id, u.price_paid, count(l.id)::int as charges from post_unlocks u
      left join coin_ledger l on l.kind = 'unlock' and l.user_id = u.user_id
        and l.reference_id = u.post_id::text and l.created_at = u.created_at and l.delta = -u.price_paid
      where u.price_paid > 0 group by u.user_id, u.post_id, u.price_paid having count(l.id) <> 1`,
  },
  {
    name: 'vote without exactly one matching charge',
    sql: `select v.user_id, v.post_id, count(l.id)::int as charges from post_votes v
      left join coin_ledger l on l.kind = 'vote' and l.user_id = v.user_id
        and l.reference_id = v.post_id::text and l.created_at = v.created_at
      group by v.user_id, v.post_id having count(l.id) <> 1`,
  },
  {
    // Votes are never taken back, so a second charge for one reader and tea is a double spend.
    name: 'vote charged twice',
    sql: `select user_id, reference_id as post_id, count(*)::int as charges from coin_ledger
      where kind = 'vote' and reference_id is not null group by user_id, reference_id having count(*) > 1`,
  },
  {
    // A reader may comment on one tea many times, and two transactions can start in the same
    // microsecond (pgbench: ~0.4% of 112k inserts at 11k/s shared now()). Comments that share a
    // writer, tea and moment are 'ties': each must match exactly as many charges as it has ties.
    name: 'comment whose matching charges differ from its ties',
    sql: `select c.id, c.user_id, c.post_id, c.ties, count(l.id)::int as charges from (
        select id, user_id, post_id, created_at,
          count(*) over (partition by user_id, post_id, created_at)::int as ties from comments
      ) c
      left join coin_ledger l on l.kind = 'comment' and l.user_id = c.user_id
        and l.reference_id = c.post_id::text and l.created_at = c.created_at
      group by c.id, c.user_id, c.post_id, c.ties having count(l.id) <> c.ties`,
  },
  {
    // A comment the privacy guard held is paid for when it is written, and keeps that moment.
    name: 'held comment without exactly one matching charge',
    sql: `select h.id, h.user_id, h.post_id, count(l.id)::int as charges from held_comments h
      left join coin_ledger l on l.kind = 'comment' and l.user_id = h.user_id
        and l.reference_id = h.post_id::text and l.created_at = h.created_at and l.delta = -h.cost
      where h.cost > 0 group by h.id, h.user_id, h.post_id having count(l.id) <> 1`,
  },
  {
    name: 'report without exactly one charge',
    sql: `select r.id, r.reporter_id, count(l.id)::int as charges from reports r
      left join coin_ledger l on l.kind = 'report' and l.reference_id = r.id::text
      where r.kind in ('post', 'comment') and r.reporter_id is not null
      group by r.id, r.reporter_id having count(l.id) <> 1`,
  },
];

export type InvariantOptions = {
  /** Also match every paid effect row with its charge (false for stores seeded by direct inserts). */
  spends?: boolean;
};

/** Every broken invariant, one line each with the rows that break it; empty when all hold. */
export async function findInvariantViolations(
  query: InvariantQuery,
  { spends = true }: InvariantOptions = {},
): Promise<string[]> {
  const checks = spends ? [...MONEY_CHECKS, ...SPEND_CHECKS] : MONEY_CHECKS;
  const found: string[] = [];
  for (const check of checks) {
    const rows = await query(check.sql);
    if (rows.length > 0) found.push(`${check.name}: ${JSON.stringify(rows.slice(0, 5))}`);
  }
  return found;
}

/** The invariants of an in-process app's database, asserted (useTestApp runs it after every test). */
export async function expectInvariants(app: FastifyInstance, options: InvariantOptions = {}): Promise<void> {
  const query: InvariantQuery = async (text) => rowsOf(await app.ctx.db.execute(sql.raw(text)));
  expect(await findInvariantViolations(query, options)).toEqual([]);
}
