import { ERROR_CODES, MESSAGES, TOKEN_TTL } from '@kettle/shared';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp, tokensFor } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf, login, me, refresh, type TokenPairBody } from '../../../test/http.js';
import { hashToken } from '../../lib/tokens.js';
import { refreshTokens, users } from '../../db/schema.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.teardown();
});

type RefreshBody = {
  accessToken: string;
  refreshToken: string;
  access_token: string;
  refresh_token: string;
  token_type: string;
};

const expectExpired = (res: Awaited<ReturnType<typeof refresh>>) => {
  expect(res.statusCode).toBe(401);
  expect(errorOf(res)).toEqual({ detail: MESSAGES.auth.invalidRefresh, code: ERROR_CODES.invalidToken });
};
const logout = (token: string) =>
  app.inject({ method: 'POST', url: `${API}/auth/logout`, payload: { refresh_token: token }, remoteAddress: nextIp() });

describe('GET /api/v1/auth/refresh', () => {
  it('rotates: answers both spellings of a new pair whose access token works', async () => {
    const user = await buildUser(app);
    const { refresh: r1 } = await tokensFor(app, user);
    const res = await refresh(app, r1);
    expect(res.statusCode).toBe(200);
    const body = res.json<RefreshBody>();
    expect(Object.keys(body).sort()).toEqual([
      'accessToken',
      'access_token',
      'refreshToken',
      'refresh_token',
      'token_type',
    ]);
    expect(body.token_type).toBe('bearer');
    expect(body.accessToken).toBe(body.access_token);
    expect(body.refreshToken).toBe(body.refresh_token);
    expect(body.refresh_token).not.toBe(r1);
    const meRes = await me(app, body.accessToken);
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json()).toMatchObject({ id: user.id });
  });

  it('stores refresh tokens only as hashes', async () => {
    const user = await buildUser(app);
    const { refresh: r1 } = await tokensFor(app, user);
    const rows = await app.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(r1)]);
  });

  it('issues access tokens that live at most 15 minutes', async () => {
    const user = await buildUser(app);
    const res = await login(app, user.email, user.password);
    const { iat, exp } = decodeJwt(res.json<TokenPairBody>().access_token);
    expect((exp ?? 0) - (iat ?? 0)).toBeLessThanOrEqual(TOKEN_TTL.accessSeconds);
    expect(TOKEN_TTL.accessSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it('answers 401 with the session-expired text for an unknown token', async () => {
    expectExpired(await refresh(app, 'no-such-refresh-token'));
  });

  it('answers 401 for an expired refresh token', async () => {
    const user = await buildUser(app);
    const { refresh: r1 } = await tokensFor(app, user);
    await app.ctx.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, user.id));
    expectExpired(await refresh(app, r1));
  });

  it('answers 422 without a refresh_token', async () => {
    const res = await app.inject({ method: 'GET', url: `${API}/auth/refresh`, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors?.[0]?.field).toBe('refresh_token');
  });

  it('refuses to reuse a rotated token', async () => {
    const user = await buildUser(app);
    const { refresh: r1 } = await tokensFor(app, user);
    expect((await refresh(app, r1)).statusCode).toBe(200);
    expectExpired(await refresh(app, r1));
  });

  it('lets at most one of two concurrent refreshes of one token succeed', async () => {
    const user = await buildUser(app);
    const { refresh: r1 } = await tokensFor(app, user);
    const answers = await Promise.all([refresh(app, r1), refresh(app, r1)]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(1);
    for (const c of codes) expect([200, 401]).toContain(c);
  });

  it('answers 403 with the inactive text for a deactivated user', async () => {
    const user = await buildUser(app);
    const { refresh: r1 } = await tokensFor(app, user);
    await app.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const res = await refresh(app, r1);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ detail: MESSAGES.auth.inactive, code: ERROR_CODES.accountInactive });
  });

  it('answers 401 once the user is deleted', async () => {
    const user = await buildUser(app);
    const { refresh: r1 } = await tokensFor(app, user);
    await app.ctx.db.delete(users).where(eq(users.id, user.id));
    expectExpired(await refresh(app, r1));
  });
});

describe('POST /api/v1/auth/refresh', () => {
  it('rotates a token sent in the JSON body', async () => {
    const user = await buildUser(app);
    const { refresh: r1 } = await tokensFor(app, user);
    const res = await app.inject({
      method: 'POST',
      url: `${API}/auth/refresh`,
      payload: { refresh_token: r1 },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<RefreshBody>();
    expect(body.refresh_token).not.toBe(r1);
    expect((await me(app, body.access_token)).statusCode).toBe(200);
    expect((await refresh(app, body.refresh_token)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/auth/logout', () => {
  it('answers 204 and the refresh token stops working', async () => {
    const user = await buildUser(app);
    const { refresh: r1 } = await tokensFor(app, user);
    const r2 = (await refresh(app, r1)).json<RefreshBody>().refresh_token;
    const res = await logout(r2);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectExpired(await refresh(app, r2));
  });

  it('ends only that session: another sign-in of the same user keeps working', async () => {
    const user = await buildUser(app);
    const first = await tokensFor(app, user);
    const second = await tokensFor(app, user);
    expect((await logout(first.refresh)).statusCode).toBe(204);
    expectExpired(await refresh(app, first.refresh));
    expect((await refresh(app, second.refresh)).statusCode).toBe(200);
  });

  it('answers 204 for an unknown token', async () => {
    expect((await logout('not-a-token')).statusCode).toBe(204);
  });
});
