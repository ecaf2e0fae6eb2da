import { ERROR_CODES, MESSAGES } from '@kettle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { RATE_LIMIT_RULES } from '../../lib/rate-limit.js';
import { API, errorOf, FORM, login, me, type CurrentUserBody, type TokenPairBody } from '../../../test/http.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.teardown();
});

describe('POST /api/v1/auth/login', () => {
  it('answers a bearer token pair whose access token works on /auth/me', async () => {
    const user = await buildUser(app);
    const res = await login(app, user.email, user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json<TokenPairBody>();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'is_admin', 'refresh_token', 'token_type']);
    expect(body).toMatchObject({ token_type: 'bearer', is_admin: false });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token.length).toBeGreaterThanOrEqual(43);
    const meRes = await me(app, body.access_token);
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json<CurrentUserBody>()).toMatchObject({ id: user.id, email: user.email, is_admin: false });
  });

  it('says is_admin true for an admin', async () => {
    const admin = await buildUser(app, { isAdmin: true });
    const res = await login(app, admin.email, admin.password);
    expect(res.statusCode).toBe(200);
    expect(res.json<TokenPairBody>().is_admin).toBe(true);
  });

  it('treats the email case-insensitively', async () => {
    const user = await buildUser(app);
    const res = await login(app, user.email.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 for a wrong password and the very same for an unknown email', async () => {
    const user = await buildUser(app);
    const wrong = await login(app, user.email, 'Not-The-Pass1');
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong)).toEqual({ detail: MESSAGES.auth.invalidCredentials, code: ERROR_CODES.invalidCredentials });
    const unknown = await login(app, 'nobody-here@example.test', 'Not-The-Pass1');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.headers['content-type']).toBe(wrong.headers['content-type']);
  });

  it('answers 422 with field errors for a bad email and a short password', async () => {
    const badEmail = await login(app, 'not-an-email', 'whatever1');
    expect(badEmail.statusCode).toBe(422);
    expect(errorOf(badEmail)).toMatchObject({
      detail: 'Please enter a valid email address',
      code: ERROR_CODES.validation,
      errors: [{ field: 'username', message: 'Please enter a valid email address' }],
    });
    const shortPassword = await login(app, 'someone@example.test', '12345');
    expect(shortPassword.statusCode).toBe(422);
    expect(errorOf(shortPassword)).toMatchObject({
      detail: 'Password must be at least 6 characters',
      errors: [{ field: 'password', message: 'Password must be at least 6 characters' }],
    });
  });

  it('answers 422 when a field is missing altogether', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: 'username=a%40b.test',
      headers: FORM,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors?.map((e) => e.field)).toContain('password');
  });

  it('answers 403 with the inactive text for a deactivated user with the right password', async () => {
    const user = await buildUser(app, { isActive: false });
    const res = await login(app, user.email, user.password);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ detail: MESSAGES.auth.inactive, code: ERROR_CODES.accountInactive });
  });

  it('lets an unverified user sign in (verification gates spending, not signing in)', async () => {
    const user = await buildUser(app, { verified: false });
    const res = await login(app, user.email, user.password);
    expect(res.statusCode).toBe(200);
  });
});

describe('login throttling (security.md A3, issue 10 item 5)', () => {
  const perIp = RATE_LIMIT_RULES.loginFailuresPerIp.points;
  const perPair = RATE_LIMIT_RULES.loginFailuresPerAccountIp.points;
  const expectLimited = (res: Awaited<ReturnType<typeof login>>) => {
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)).toEqual({ detail: MESSAGES.auth.tooManyAttempts, code: ERROR_CODES.rateLimited });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  };

  it('per IP: failures across accounts, then the next request is 429 even with the right password', async () => {
    const user = await buildUser(app);
    const ip = nextIp();
    for (let i = 0; i < perIp; i += 1) {
      const res = await login(app, `stranger-${i}@example.test`, 'Wrong-Pass1', ip);
      expect(res.statusCode).toBe(401);
    }
    expectLimited(await login(app, user.email, user.password, ip));
    // Another address is not affected.
    expect((await login(app, user.email, user.password)).statusCode).toBe(200);
  });

  it('per IP: a spoofed X-Forwarded-For from an untrusted peer does not buy a new budget', async () => {
    const ip = nextIp();
    for (let i = 0; i < perIp; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        payload: `username=xff-${i}%40example.test&password=Wrong-Pass1`,
        headers: { ...FORM, 'x-forwarded-for': `203.0.113.${i + 1}` },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
    const next = await app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: 'username=xff-next%40example.test&password=Wrong-Pass1',
      headers: { ...FORM, 'x-forwarded-for': '198.51.100.77' },
      remoteAddress: ip,
    });
    expectLimited(next);
  });

  it('per account and address: failures from A answer 429 at A, for that account only', async () => {
    const user = await buildUser(app);
    const other = await buildUser(app);
    const a = nextIp();
    for (let i = 0; i < perPair; i += 1) expect((await login(app, user.email, 'Wrong-Pass1', a)).statusCode).toBe(401);
    expectLimited(await login(app, user.email, user.password, a));
    // The account key is the normalised email: upper case does not escape it.
    expectLimited(await login(app, user.email.toUpperCase(), user.password, a));
    expect((await login(app, other.email, other.password, a)).statusCode).toBe(200);
  });

  it('failures from address A do not stop the right password from address B', async () => {
    const owner = await buildUser(app, { isAdmin: true });
    const a = nextIp();
    // Eight: past the old global lockout (5) and past the per-pair budget.
    for (let i = 0; i < 8; i += 1) {
      expect([401, 429]).toContain((await login(app, owner.email, 'Wrong-Pass1', a)).statusCode);
    }
    expect((await login(app, owner.email, owner.password, nextIp())).statusCode).toBe(200);
  });

  it('failures spread over many addresses do not lock the owner out either (below the account ceiling)', async () => {
    const owner = await buildUser(app);
    for (let i = 0; i < 8; i += 1) expect((await login(app, owner.email, 'Wrong-Pass1')).statusCode).toBe(401);
    expect((await login(app, owner.email, owner.password)).statusCode).toBe(200);
  });

  it('per account and address: an unknown email is throttled the same way (no enumeration by limits)', async () => {
    const email = 'ghost-account@example.test';
    const a = nextIp();
    for (let i = 0; i < perPair; i += 1) expect((await login(app, email, 'Wrong-Pass1', a)).statusCode).toBe(401);
    expectLimited(await login(app, email, 'Wrong-Pass1', a));
  });

  it('a successful login resets the counter of its account and address', async () => {
    const user = await buildUser(app);
    const a = nextIp();
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < perPair - 1; i += 1) {
        expect((await login(app, user.email, 'Wrong-Pass1', a)).statusCode).toBe(401);
      }
      expect((await login(app, user.email, user.password, a)).statusCode).toBe(200);
    }
  });
});
