import type { LedgerEntry, LedgerList } from '@kettle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { expectInvariants, signedIn, type Auth } from '../../../test/posts-kit.js';
import { creditCoins, setCoinBalance, spendCoins, takeBackCoins } from './coins.service.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

/** The whole history as GET /coins/ledger lists it, newest first, 100 a page. */
async function history(auth: Auth): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  for (let skip = 0; ; skip += 100) {
    const res = await app.inject({ method: 'GET', url: `${API}/coins/ledger?skip=${skip}&limit=100`, headers: auth });
    expect(res.statusCode).toBe(200);
    const page = res.json<LedgerList>();
    entries.push(...page.data);
    if (entries.length >= page.metadata.total_elements) return entries;
  }
}

/** Read oldest first, each row's balance is the one before it plus its delta. */
function expectChained(newestFirst: LedgerEntry[]): void {
  const oldestFirst = [...newestFirst].reverse();
  oldestFirst.forEach((entry, index) => {
    const before = index === 0 ? 0 : (oldestFirst[index - 1]?.balance_after ?? 0);
    expect(entry.balance_after, `row ${index} (${entry.kind} ${entry.delta})`).toBe(before + entry.delta);
  });
}

describe('GET /api/v1/coins/ledger lists history in commit order', () => {
  it('30 concurrent spends and credits on one user read back as a chain of balances', async () => {
    const { user, auth } = await signedIn(app, { coins: 100 });
    // Each change is one step of a bigger transaction that starts with other work, as unlocks
    // and purchases do: the transaction's start (created_at) is not the order the balance moved in.
    const changes = Array.from({ length: 30 }, (_, i) =>
      app.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select count(*) from users`);
        if (i % 3 === 0) return spendCoins(tx, { userId: user.id, cost: 3, kind: 'unlock' });
        return creditCoins(tx, { userId: user.id, amount: i, kind: 'daily_drop' });
      }),
    );
    await Promise.all(changes);
    const entries = await history(auth);
    expect(entries).toHaveLength(31);
    expectChained(entries);
  });

  it('several changes in one transaction (one created_at) keep their order', async () => {
    const { user, auth } = await signedIn(app, { coins: 10 });
    await app.ctx.db.transaction(async (tx) => {
      for (let i = 1; i <= 6; i += 1) {
        await creditCoins(tx, { userId: user.id, amount: i, kind: 'refund' });
        await spendCoins(tx, { userId: user.id, cost: 1, kind: 'vote' });
      }
      await takeBackCoins(tx, { userId: user.id, amount: 4, kind: 'purchase_reversal', reason: 'Refunded' });
      await setCoinBalance(tx, { userId: user.id, balance: 50, reason: 'Corrected', actorId: user.id });
      await spendCoins(tx, { userId: user.id, cost: 5, kind: 'unlock' });
    });
    const entries = await history(auth);
    expect(entries).toHaveLength(16);
    expect(entries[0]).toMatchObject({ kind: 'unlock', delta: -5, balance_after: 45 });
    expectChained(entries);
  });
});
