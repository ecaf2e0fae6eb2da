import { ERROR_CODES, MESSAGES } from '@kettle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp, tokensFor } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { lastMailTo, linkToken } from '../../../test/mailbox.js';
import { API, bearer, errorOf, login, refresh } from '../../../test/http.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.teardown();
});

describe('refresh token reuse (security.md A2)', () => {
  it('revokes the whole family: after R1 → R2, replaying R1 also kills R2', async () => {
    const user = await buildUser(app);
    const { refresh: r1 } = await tokensFor(app, user);
    const first = await refresh(app, r1);
    expect(first.statusCode).toBe(200);
    const r2 = first.json<{ refresh_token: string }>().refresh_token;
    const replay = await refresh(app, r1);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay)).toEqual({ detail: MESSAGES.auth.invalidRefresh, code: ERROR_CODES.invalidToken });
    expect((await refresh(app, r2)).statusCode).toBe(401);
  });

  it('leaves other sign-ins (other families) alone', async () => {
    const user = await buildUser(app);
    const a = await tokensFor(app, user);
    const b = await tokensFor(app, user);
    await refresh(app, a.refresh);
    await refresh(app, a.refresh);
    expect((await refresh(app, b.refresh)).statusCode).toBe(200);
  });
});

describe('calls without a body', () => {
  it("reset-password in the spec's query form needs no body", async () => {
    const user = await buildUser(app);
    const forgot = await app.inject({
      method: 'POST',
      url: `${API}/auth/forgot-password?email=${encodeURIComponent(user.email)}`,
      remoteAddress: nextIp(),
    });
    expect(forgot.statusCode).toBe(202);
    const mail = await lastMailTo(app, user.email);
    const token = linkToken(mail?.text ?? '', '/reset-password/');
    const res = await app.inject({
      method: 'POST',
      url: `${API}/auth/reset-password/${token}?new_password=Fresh-Leaves42`,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.auth.resetDone });
    expect((await login(app, user.email, 'Fresh-Leaves42')).statusCode).toBe(200);
  });

  it('logout without a body answers 204', async () => {
    const res = await app.inject({ method: 'POST', url: `${API}/auth/logout`, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(204);
  });
});

describe('authentication comes before validation', () => {
  it('answers 401, not 422, to an anonymous call with a bad body', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: `${API}/user/profile`,
      payload: { username: '!' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('password checks are throttled per account', () => {
  it('answers 429 on the 11th check-password within 15 minutes', async () => {
    const user = await buildUser(app);
    const { auth } = await tokensFor(app, user);
    for (let i = 0; i < 10; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: `${API}/auth/check-password`,
        headers: auth,
        payload: { password: `guess-${i}` },
        remoteAddress: nextIp(),
      });
      expect(res.json()).toEqual({ valid: false });
    }
    const blocked = await app.inject({
      method: 'POST',
      url: `${API}/auth/check-password`,
      headers: bearer(auth.authorization.slice(7)),
      payload: { password: user.password },
      remoteAddress: nextIp(),
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
