import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp, tokensFor } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { expectInvariants } from '../../../test/invariants.js';
import { API } from '../../../test/http.js';
import { auditLog, coinLedger, users } from '../../db/schema.js';

let app: TestApp;
let adminId: string;
let adminAuth: { authorization: string };
beforeAll(async () => {
  app = await createTestApp();
  const admin = await buildUser(app, { isAdmin: true });
  adminId = admin.id;
  adminAuth = (await tokensFor(app, admin)).auth;
});
afterEach(async () => {
  await expectInvariants(app);
});
afterAll(async () => {
  await app.teardown();
});

const add = (id: string, payload: unknown, headers?: { authorization: string }) =>
  app.inject({
    method: 'POST',
    url: `${API}/users/admin/${id}/add-coins`,
    payload: payload as object,
    headers,
    remoteAddress: nextIp(),
  });
const balanceOf = async (id: string) => {
  const [row] = await app.ctx.db.select({ balance: users.coinBalance }).from(users).where(eq(users.id, id));
  return row?.balance;
};
const ledgerRows = (id: string) => app.ctx.db.select().from(coinLedger).where(eq(coinLedger.userId, id));
const auditRows = (id: string) => app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id));

const set = (id: string, payload: unknown, headers?: { authorization: string }) =>
  app.inject({
    method: 'PUT',
    url: `${API}/users/admin/${id}/coin-balance`,
    payload: payload as object,
    headers,
    remoteAddress: nextIp(),
  });

describe('admin coin calls', () => {
  it('adds coins with the reason and the admin in the ledger row and the audit log', async () => {
    const user = await buildUser(app, { coins: 10 });
    const res = await add(user.id, { coins_to_add: 15, reason: 'Contest prize' }, adminAuth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, coin_balance: 25 });
    const [row] = await app.ctx.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, user.id), eq(coinLedger.kind, 'admin_add')));
    expect(row).toMatchObject({ delta: 15, balanceAfter: 25, reason: 'Contest prize', actorId: adminId });
    const [audit] = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'user.coins.add')));
    expect(audit).toMatchObject({ actorId: adminId, targetType: 'user' });
    expect(audit?.data).toEqual({ before: 10, after: 25, reason: 'Contest prize' });
  });

  it('stores the reason trimmed', async () => {
    const user = await buildUser(app);
    expect((await add(user.id, { coins_to_add: 4, reason: '  Bug bounty  ' }, adminAuth)).statusCode).toBe(200);
    const [row] = await ledgerRows(user.id);
    expect(row?.reason).toBe('Bug bounty');
  });

  it('sets a balance and stores the difference as the delta', async () => {
    const user = await buildUser(app, { coins: 100 });
    const res = await set(user.id, { coin_balance: 30, reason: 'Correction' }, adminAuth);
    expect(res.json()).toMatchObject({ coin_balance: 30 });
    const [row] = await app.ctx.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, user.id), eq(coinLedger.kind, 'admin_set')));
    expect(row).toMatchObject({ delta: -70, balanceAfter: 30, reason: 'Correction', actorId: adminId });
    const [audit] = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'user.coins.set')));
    expect(audit).toMatchObject({ actorId: adminId });
    expect(audit?.data).toEqual({ before: 100, after: 30, reason: 'Correction' });
  });

  it.each([
    [{ coin_balance: 10 }, 'Reason is required'],
    [{ coin_balance: 10, reason: '' }, 'Reason is required'],
    [{ coin_balance: 10, reason: 'no' }, 'Reason must be at least 3 characters'],
  ])('refuses coin-balance %j with %s, changing nothing', async (payload, message) => {
    const user = await buildUser(app, { coins: 20 });
    const res = await set(user.id, payload, adminAuth);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ detail: message, errors: [{ field: 'reason', message }] });
    expect(await balanceOf(user.id)).toBe(20);
    expect((await ledgerRows(user.id)).map((row) => row.kind)).toEqual(['demo_grant']);
    expect(await auditRows(user.id)).toEqual([]);
  });

  it.each([
    [{ reason: 'Prize' }, 'Amount is required'],
    [{ coins_to_add: 0, reason: 'Prize' }, 'Amount must be at least 1'],
    [{ coins_to_add: 1.5, reason: 'Prize' }, 'Amount must be a whole number'],
    [{ coins_to_add: 'ten', reason: 'Prize' }, 'Amount is required'],
    [{ coins_to_add: 5 }, 'Reason is required'],
    [{ coins_to_add: 5, reason: '   ' }, 'Reason is required'],
    [{ coins_to_add: 5, reason: ' ab ' }, 'Reason must be at least 3 characters'],
    [{ coins_to_add: 5, reason: 'x'.repeat(201) }, 'Reason must be at most 200 characters'],
  ])('refuses add-coins %j with %s', async (payload, message) => {
    const user = await buildUser(app);
    const res = await add(user.id, payload, adminAuth);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ detail: message });
  });

  it('refuses a negative balance with 422', async () => {
    const user = await buildUser(app, { coins: 5 });
    const res = await set(user.id, { coin_balance: -1, reason: 'Correction' }, adminAuth);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ detail: 'Amount cannot be negative' });
  });

  it('answers 404 for an unknown user, 401 for a visitor and 403 for a user', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const why = { reason: 'Support ticket' };
    expect((await add(missing, { coins_to_add: 1, ...why }, adminAuth)).json()).toMatchObject({
      detail: 'User not found.',
    });
    expect((await set(missing, { coin_balance: 1, ...why }, adminAuth)).statusCode).toBe(404);
    const user = await buildUser(app, { coins: 1 });
    expect((await add(user.id, { coins_to_add: 1, ...why })).statusCode).toBe(401);
    const self = await tokensFor(app, user);
    expect((await add(user.id, { coins_to_add: 999, ...why }, self.auth)).statusCode).toBe(403);
    expect((await set(user.id, { coin_balance: 999, ...why }, self.auth)).statusCode).toBe(403);
    expect(await balanceOf(user.id)).toBe(1);
  });
});
