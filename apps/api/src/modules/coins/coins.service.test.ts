import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { expectInvariants } from '../../../test/invariants.js';
import { coinLedger, users } from '../../db/schema.js';
import { currentBalance, spendCoins } from './coins.service.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(async () => {
  await expectInvariants(app);
});
afterAll(async () => {
  await app.teardown();
});

describe('spendCoins', () => {
  it('takes coins and writes one ledger row with the balance after', async () => {
    const user = await buildUser(app, { coins: 30 });
    const after = await spendCoins(app.ctx.db, {
      userId: user.id,
      cost: 25,
      kind: 'submit_tea',
      reference: { type: 'post', id: 'p1' },
    });
    expect(after).toBe(5);
    const rows = await app.ctx.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, user.id), eq(coinLedger.kind, 'submit_tea')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delta: -25, balanceAfter: 5, referenceType: 'post', referenceId: 'p1' });
  });

  it('refuses a spend the balance does not cover, with 402 INSUFFICIENT_COINS, and changes nothing', async () => {
    const user = await buildUser(app, { coins: 10 });
    await expect(spendCoins(app.ctx.db, { userId: user.id, cost: 11, kind: 'submit_tea' })).rejects.toMatchObject({
      statusCode: 402,
      code: 'INSUFFICIENT_COINS',
    });
    expect(await currentBalance(app.ctx.db, user.id)).toBe(10);
  });

  it('rolls the charge back when the work it pays for fails in the same transaction', async () => {
    const user = await buildUser(app, { coins: 40 });
    await expect(
      app.ctx.db.transaction(async (tx) => {
        await spendCoins(tx, { userId: user.id, cost: 25, kind: 'submit_tea' });
        throw new Error('the post insert failed');
      }),
    ).rejects.toThrow('the post insert failed');
    expect(await currentBalance(app.ctx.db, user.id)).toBe(40);
    const spends = await app.ctx.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, user.id), eq(coinLedger.kind, 'submit_tea')));
    expect(spends).toHaveLength(0);
  });

  it('lets exactly five of twenty concurrent spends of 10 through a balance of 50', async () => {
    const user = await buildUser(app, { coins: 50 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => spendCoins(app.ctx.db, { userId: user.id, cost: 10, kind: 'submit_tea' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await currentBalance(app.ctx.db, user.id)).toBe(0);
  });

  it('is backed by a CHECK constraint: no statement can push a balance below zero', async () => {
    const user = await buildUser(app, { coins: 5 });
    await expect(app.ctx.db.execute(sql`update users set coin_balance = -1 where id = ${user.id}`)).rejects.toThrow();
    const [row] = await app.ctx.db.select({ balance: users.coinBalance }).from(users).where(eq(users.id, user.id));
    expect(row?.balance).toBe(5);
  });
});
