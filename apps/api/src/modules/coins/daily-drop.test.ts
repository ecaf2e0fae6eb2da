import { COIN_MESSAGES, MESSAGES } from '@kettle/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp, tokensFor } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { expectInvariants } from '../../../test/invariants.js';
import { API } from '../../../test/http.js';
import { nextUtcMidnight, utcDay } from './daily-drop.service.js';

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

const claim = (auth?: { authorization: string }) =>
  app.inject({ method: 'POST', url: `${API}/coins/daily-drop`, headers: auth, remoteAddress: nextIp() });
const status = (auth: { authorization: string }) =>
  app.inject({ method: 'GET', url: `${API}/coins/daily-drop`, headers: auth, remoteAddress: nextIp() });

describe('daily drop', () => {
  it('credits 10 coins once per UTC day and says when the next one comes', async () => {
    const user = await buildUser(app, { coins: 5 });
    const { auth } = await tokensFor(app, user);
    expect((await status(auth)).json()).toMatchObject({ amount: 10, available: true });
    const res = await claim(auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ coins_added: 10, coin_balance: 15, next_drop_at: nextUtcMidnight(new Date()) });
    const again = await claim(auth);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: COIN_MESSAGES.dailyDropTaken });
    expect((await status(auth)).json()).toMatchObject({ available: false });
  });

  it('lets only one of several concurrent claims through', async () => {
    const user = await buildUser(app);
    const { auth } = await tokensFor(app, user);
    const results = await Promise.all(Array.from({ length: 8 }, () => claim(auth)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
  });

  it('needs a signed-in, verified account', async () => {
    expect((await claim()).statusCode).toBe(401);
    const unverified = await buildUser(app, { verified: false });
    const res = await claim((await tokensFor(app, unverified)).auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: MESSAGES.auth.emailNotVerified, code: 'EMAIL_NOT_VERIFIED' });
  });

  it('follows DAILY_DROP_COINS', async () => {
    const other = await createTestApp({ env: { DAILY_DROP_COINS: '3' } });
    try {
      const user = await buildUser(other);
      const { auth } = await tokensFor(other, user);
      const res = await other.inject({ method: 'POST', url: `${API}/coins/daily-drop`, headers: auth });
      expect(res.json()).toMatchObject({ coins_added: 3, coin_balance: 3 });
    } finally {
      await other.teardown();
    }
  });

  it('names days in UTC', () => {
    expect(utcDay(new Date('2026-11-22T23:59:59-05:00'))).toBe('2026-11-23');
    expect(nextUtcMidnight(new Date('2026-11-22T10:00:00Z'))).toBe('2026-11-23T00:00:00.000Z');
  });
});
