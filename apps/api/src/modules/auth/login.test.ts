import { ERROR_CODES, MESSAGES } from '@kettle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
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

describe('login throttling (reliability A3)', () => {
  const expectLimited = (res: Awaited<ReturnType<typeof login>>) => {
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)).toEqual({ detail: MESSAGES.auth.tooManyAttempts, code: ERROR_CODES.rateLimited });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  };

  it('per IP: five failures, then the sixth request is 429 even with the right password', async () => {
    const user = await buildUser(app);
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) {
      const res = await login(app, `stranger-${i}@example.test`, 'Wrong-Pass1', ip);
      expect(res.statusCode).toBe(401);
    }
    expectLimited(await login(app, user.email, user.password, ip));
    // Another address is not affected.
    expect((await login(app, user.email, user.password)).statusCode).toBe(200);
  });

  it('per IP: a spoofed X-Forwarded-For from an untrusted peer does not buy a new budget', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        payload: `username=xff-${i}%40example.test&password=Wrong-Pass1`,
        headers: { ...FORM, 'x-forwarded-for': `203.0.113.${i + 1}` },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
    const sixth = await app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: 'username=xff-6%40example.test&password=Wrong-Pass1',
      headers: { ...FORM, 'x-forwarded-for': '198.51.100.77' },
      remoteAddress: ip,
    });
    expectLimited(sixth);
  });

  it('per account: five failures from five addresses, the sixth from a new address is 429', async () => {
    const user = await buildUser(app);
    for (let i = 0; i < 5; i += 1) {
      expect((await login(app, user.email, 'Wrong-Pass1')).statusCode).toBe(401);
    }
    expectLimited(await login(app, user.email, user.password));
    // The account key is the normalised email: upper case does not escape it.
    expectLimited(await login(app, user.email.toUpperCase(), user.password));
  });

  it('per account: an unknown email is throttled the same way (no enumeration by limits)', async () => {
    const email = 'ghost-account@example.test';
    for (let i = 0; i < 5; i += 1) expect((await login(app, email, 'Wrong-Pass1')).statusCode).toBe(401);
    expectLimited(await login(app, email, 'Wrong-Pass1'));
  });

  it('a successful login resets the per-account counter', async () => {
    const user = await buildUser(app);
    for (let i = 0; i < 4; i += 1) expect((await login(app, user.email, 'Wrong-Pass1')).statusCode).toBe(401);
    expect((await login(app, user.email, user.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(app, user.email, 'Wrong-Pass1')).statusCode).toBe(401);
    expect((await login(app, user.email, user.password)).statusCode).toBe(200);
  });
});
