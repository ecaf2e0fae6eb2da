import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { expectInvariants } from '../../../test/invariants.js';
import { coinLedger, users } from '../../db/schema.js';
import { creditCoins, settleCoinDebt, spendCoins, takeBackCoins } from './coins.service.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

async function account(userId: string) {
  const [row] = await app.ctx.db
    .select({ balance: users.coinBalance, debt: users.coinDebt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

const ledgerOf = (userId: string) =>
  app.ctx.db.select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(asc(coinLedger.createdAt));

const takeBack = (userId: string, amount: number) =>
  takeBackCoins(app.ctx.db, { userId, amount, kind: 'purchase_reversal', reason: 'Card payment refunded' });

describe('takeBackCoins', () => {
  it('takes what the balance holds and records the rest as debt, never a negative balance', async () => {
    const user = await buildUser(app, { coins: 30 });
    expect(await takeBack(user.id, 100)).toEqual({ taken: 30, owed: 70, balance: 0, debt: 70 });
    expect(await account(user.id)).toEqual({ balance: 0, debt: 70 });
    const rows = await ledgerOf(user.id);
    expect(rows.at(-1)).toMatchObject({
      kind: 'purchase_reversal',
      delta: -30,
      balanceAfter: 0,
      reason: 'Card payment refunded (70 coins owed)',
    });
    // Nothing left to take: the ledger still says what happened, with a zero change.
    expect(await takeBack(user.id, 5)).toEqual({ taken: 0, owed: 5, balance: 0, debt: 75 });
    expect((await ledgerOf(user.id)).at(-1)).toMatchObject({
      delta: 0,
      reason: 'Card payment refunded (5 coins owed)',
    });
  });

  it('takes everything from a balance that covers it, owing nothing', async () => {
    const user = await buildUser(app, { coins: 500 });
    expect(await takeBack(user.id, 120)).toEqual({ taken: 120, owed: 0, balance: 380, debt: 0 });
    expect((await ledgerOf(user.id)).at(-1)?.reason).toBe('Card payment refunded');
  });
});

describe('the freeze', () => {
  it('refuses every spend with 403 ACCOUNT_FROZEN while a debt is open, whatever the balance', async () => {
    const user = await buildUser(app, { coins: 10 });
    await takeBack(user.id, 20);
    await creditCoins(app.ctx.db, { userId: user.id, amount: 50, kind: 'daily_drop' });
    for (const cost of [5, 500]) {
      await expect(spendCoins(app.ctx.db, { userId: user.id, cost, kind: 'vote' })).rejects.toMatchObject({
        statusCode: 403,
        code: 'ACCOUNT_FROZEN',
      });
    }
    expect(await account(user.id)).toEqual({ balance: 50, debt: 10 });
  });

  it('settling pays the debt from the balance, partly or wholly, as its own ledger row', async () => {
    const user = await buildUser(app, { coins: 40 });
    await takeBack(user.id, 100);
    await creditCoins(app.ctx.db, { userId: user.id, amount: 25, kind: 'purchase' });
    expect(await settleCoinDebt(app.ctx.db, { userId: user.id, reason: 'Settled' })).toBe(25);
    expect(await account(user.id)).toEqual({ balance: 0, debt: 35 });
    await creditCoins(app.ctx.db, { userId: user.id, amount: 100, kind: 'purchase' });
    expect(await settleCoinDebt(app.ctx.db, { userId: user.id, reason: 'Settled' })).toBe(35);
    expect(await account(user.id)).toEqual({ balance: 65, debt: 0 });
    expect(await settleCoinDebt(app.ctx.db, { userId: user.id, reason: 'Settled' })).toBe(0);
    expect(await spendCoins(app.ctx.db, { userId: user.id, cost: 5, kind: 'vote' })).toBe(60);
    const settlements = (await ledgerOf(user.id)).filter((r) => r.reason === 'Settled');
    expect(settlements.map((r) => r.delta)).toEqual([-25, -35]);
  });

  it('a reversal racing 20 spends leaves no negative balance and accounts for every coin', async () => {
    const user = await buildUser(app, { coins: 100 });
    const spends = Array.from({ length: 20 }, () =>
      spendCoins(app.ctx.db, { userId: user.id, cost: 10, kind: 'vote' }).then(
        () => 10,
        () => 0,
      ),
    );
    const [reversal, ...spent] = await Promise.all([takeBack(user.id, 100), ...spends]);
    const spentTotal = spent.reduce((sum, n) => sum + n, 0);
    expect(spentTotal + reversal.taken).toBe(100);
    expect(await account(user.id)).toEqual({ balance: 0, debt: 100 - reversal.taken });
  });
});
