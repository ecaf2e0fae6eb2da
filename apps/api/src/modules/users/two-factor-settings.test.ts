import { ERROR_CODES, MESSAGES, TWO_FACTOR_MESSAGES } from '@kettle/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser, tokensFor } from '../../../test/factories.js';
import type { TestApp } from '../../../test/harness.js';
import { API, bearer, errorOf, login, me, refresh } from '../../../test/http.js';
import { mailsTo } from '../../../test/mailbox.js';
import {
  codeFor,
  disable,
  enable,
  setup,
  status,
  turnOnTwoFactor,
  type Clock,
  useTwoFactorApp,
} from '../../../test/two-factor-kit.js';
import { auditLog, twoFactorRecoveryCodes, users } from '../../db/schema.js';

let app: TestApp;
let clock: Clock;
useTwoFactorApp((made) => {
  ({ app, clock } = made);
});

const rowOf = async (id: string) => (await app.ctx.db.select().from(users).where(eq(users.id, id)))[0];
const codesOf = (id: string) =>
  app.ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, id));
const auditsOf = async (id: string, action: string) =>
  app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, id), eq(auditLog.action, action)));
const expectCodeRefused = (res: Awaited<ReturnType<typeof enable>>, detail: string) => {
  expect(res.statusCode).toBe(400);
  expect(errorOf(res)).toEqual({
    detail,
    code: ERROR_CODES.twoFactorInvalid,
    errors: [{ field: 'code', message: detail }],
  });
};
/** A code from a time step already accepted: its own code and message, so the form can say to wait. */
const expectCodeReplayed = (res: Awaited<ReturnType<typeof enable>>) => {
  const detail = 'This code was just used; wait for the next one.';
  expect(res.statusCode).toBe(400);
  expect(errorOf(res)).toEqual({ detail, code: 'TWO_FACTOR_CODE_USED', errors: [{ field: 'code', message: detail }] });
};
const expectConflict = (res: Awaited<ReturnType<typeof enable>>, detail: string) => {
  expect(res.statusCode).toBe(409);
  expect(errorOf(res)).toMatchObject({ detail, code: ERROR_CODES.conflict });
};

describe('setup and enable', () => {
  it('answers a secret and an otpauth URL naming Kettle and the email, and stores the secret sealed', async () => {
    const user = await buildUser(app);
    const { access } = await tokensFor(app, user);
    const res = await setup(app, access);
    expect(res.statusCode).toBe(200);
    const { secret, otpauth_url } = res.json<{ secret: string; otpauth_url: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(decodeURIComponent(url.pathname)).toBe(`/Kettle:${user.email}`);
    expect(url.searchParams.get('issuer')).toBe('Kettle');
    expect(url.searchParams.get('secret')).toBe(secret);
    const row = await rowOf(user.id);
    expect(row?.twoFactorSecret).toBeTruthy();
    expect(row?.twoFactorSecret).not.toContain(secret);
    expect(row?.twoFactorEnabledAt).toBeNull();
  });

  it('replaces a pending secret when setup runs again: only the newest one enables', async () => {
    const user = await buildUser(app);
    const { access } = await tokensFor(app, user);
    const first = (await setup(app, access)).json<{ secret: string }>().secret;
    const second = (await setup(app, access)).json<{ secret: string }>().secret;
    expect(second).not.toBe(first);
    expectCodeRefused(await enable(app, access, codeFor(first)), TWO_FACTOR_MESSAGES.codeInvalid);
    expect((await enable(app, access, codeFor(second))).statusCode).toBe(200);
  });

  it('refuses enable without setup (409 notSetUp), and setup or enable once on (409 alreadyOn)', async () => {
    const user = await buildUser(app);
    const { access } = await tokensFor(app, user);
    expectConflict(await enable(app, access, '123456'), TWO_FACTOR_MESSAGES.notSetUp);
    const { secret } = await turnOnTwoFactor(app, access);
    const sealed = (await rowOf(user.id))?.twoFactorSecret;
    expectConflict(await setup(app, access), TWO_FACTOR_MESSAGES.alreadyOn);
    clock.nextStep();
    expectConflict(await enable(app, access, codeFor(secret)), TWO_FACTOR_MESSAGES.alreadyOn);
    expect((await rowOf(user.id))?.twoFactorSecret).toBe(sealed);
  });

  it('refuses a wrong or malformed code and stays off', async () => {
    const user = await buildUser(app);
    const { access } = await tokensFor(app, user);
    const { secret } = (await setup(app, access)).json<{ secret: string }>();
    expectCodeRefused(await enable(app, access, codeFor(secret, 3)), TWO_FACTOR_MESSAGES.codeInvalid);
    expectCodeRefused(await enable(app, access, 'ABCDE-FGHJK'), TWO_FACTOR_MESSAGES.codeInvalid);
    const empty = await enable(app, access, ' ');
    expect(empty.statusCode).toBe(422);
    expect(errorOf(empty).errors).toEqual([{ field: 'code', message: TWO_FACTOR_MESSAGES.codeRequired }]);
    expect((await rowOf(user.id))?.twoFactorEnabledAt).toBeNull();
    expect(await codesOf(user.id)).toEqual([]);
  });

  it('needs the password: missing is 422 and wrong is 400 at the password field, and it stays off', async () => {
    const user = await buildUser(app);
    const { access, refresh: session } = await tokensFor(app, user);
    const { secret } = (await setup(app, access)).json<{ secret: string }>();
    const missing = await app.inject({
      method: 'POST',
      url: `${API}/auth/2fa/enable`,
      headers: bearer(access),
      payload: { code: codeFor(secret) },
    });
    expect(missing.statusCode).toBe(422);
    expect(errorOf(missing).errors).toEqual([{ field: 'password', message: 'Password is required' }]);
    const wrong = await enable(app, access, codeFor(secret), 'Not-My-Pass1');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toEqual({
      detail: MESSAGES.auth.wrongCurrentPassword,
      code: ERROR_CODES.badRequest,
      errors: [{ field: 'password', message: MESSAGES.auth.wrongCurrentPassword }],
    });
    const row = await rowOf(user.id);
    expect([row?.twoFactorEnabledAt, row?.twoFactorLastStep]).toEqual([null, null]);
    expect(await codesOf(user.id)).toEqual([]);
    expect((await refresh(app, session)).statusCode).toBe(200);
    // The refused try did not spend the code: with the password it still turns it on.
    expect((await enable(app, access, codeFor(secret), user.password)).statusCode).toBe(200);
  });

  it('counts password checks as the other password forms do: the 11th in 15 minutes is 429', async () => {
    const user = await buildUser(app);
    const { access } = await tokensFor(app, user);
    const { secret } = (await setup(app, access)).json<{ secret: string }>();
    for (let i = 0; i < 10; i += 1) {
      expect((await enable(app, access, codeFor(secret), `Wrong-Pass-${i}`)).statusCode).toBe(400);
    }
    const limited = await enable(app, access, codeFor(secret), user.password);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe(ERROR_CODES.rateLimited);
    expect((await rowOf(user.id))?.twoFactorEnabledAt).toBeNull();
  });

  it('turns it on with ten recovery codes stored only as keyed hashes, signs out every session and audits', async () => {
    const user = await buildUser(app);
    const { access, refresh: before } = await tokensFor(app, user);
    const { secret, recoveryCodes } = await turnOnTwoFactor(app, access);
    expect((await refresh(app, before)).statusCode).toBe(401);
    const stored = await codesOf(user.id);
    expect(stored).toHaveLength(10);
    const hashes = stored.map((row) => row.codeHash).join(' ');
    for (const code of recoveryCodes) {
      expect(hashes).not.toContain(code);
      expect(hashes).not.toContain(code.replace('-', ''));
    }
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.codeHash) && row.usedAt === null)).toBe(true);
    expect(await auditsOf(user.id, 'user.2fa_enabled')).toHaveLength(1);
    expect((await me(app, access)).json()).toMatchObject({ two_factor_enabled: true, two_factor_required: false });
    expect((await status(app, access)).json()).toEqual({ enabled: true, recovery_codes_left: 10, required: false });
    // The code that enabled it cannot sign in again.
    const challenge = (await login(app, user.email, user.password)).json<{ challenge_token: string }>();
    const reused = await app.inject({
      method: 'POST',
      url: `${API}/auth/2fa/verify`,
      payload: { challenge_token: challenge.challenge_token, code: codeFor(secret) },
    });
    expectCodeReplayed(reused);
  });
});

describe('disable', () => {
  async function withTwoFactor() {
    const user = await buildUser(app);
    const { access } = await tokensFor(app, user);
    const on = await turnOnTwoFactor(app, access);
    const { refresh: session } = await tokensFor(app, user);
    clock.nextStep();
    return { user, access, session, ...on };
  }

  it('needs the password: a wrong one is 400 at the password field and changes nothing', async () => {
    const { user, access, secret, session } = await withTwoFactor();
    const res = await disable(app, access, { password: 'Not-My-Pass1', code: codeFor(secret) });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({
      detail: MESSAGES.auth.wrongCurrentPassword,
      code: ERROR_CODES.badRequest,
      errors: [{ field: 'password', message: MESSAGES.auth.wrongCurrentPassword }],
    });
    expect((await rowOf(user.id))?.twoFactorEnabledAt).not.toBeNull();
    expect((await refresh(app, session)).statusCode).toBe(200);
  });

  it('needs a code: a wrong one is refused and changes nothing', async () => {
    const { user, access, secret } = await withTwoFactor();
    expectCodeRefused(
      await disable(app, access, { password: user.password, code: codeFor(secret, -2) }),
      TWO_FACTOR_MESSAGES.codeInvalid,
    );
    expect((await status(app, access)).json()).toMatchObject({ enabled: true, recovery_codes_left: 10 });
  });

  it('turns it off with the password and a code: secret and codes gone, sessions revoked, audited, mailed', async () => {
    const { user, access, secret, session } = await withTwoFactor();
    const res = await disable(app, access, { password: user.password, code: codeFor(secret) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: TWO_FACTOR_MESSAGES.disabled });
    const row = await rowOf(user.id);
    expect([row?.twoFactorSecret, row?.twoFactorEnabledAt, row?.twoFactorLastStep]).toEqual([null, null, null]);
    expect(await codesOf(user.id)).toEqual([]);
    expect((await refresh(app, session)).statusCode).toBe(401);
    expect(await auditsOf(user.id, 'user.2fa_disabled')).toHaveLength(1);
    const mails = await mailsTo(app, user.email);
    expect(mails.map((mail) => mail.subject)).toContain('Two-factor sign-in is off on your Kettle account');
    expect((await status(app, access)).json()).toEqual({ enabled: false, recovery_codes_left: 0, required: false });
    expect(Object.keys((await login(app, user.email, user.password)).json())).toContain('access_token');
    expectConflict(
      await disable(app, access, { password: user.password, code: codeFor(secret) }),
      TWO_FACTOR_MESSAGES.notOn,
    );
  });

  it('takes a recovery code instead of an app code', async () => {
    const { user, access, recoveryCodes } = await withTwoFactor();
    const res = await disable(app, access, { password: user.password, code: recoveryCodes[4] ?? '' });
    expect(res.statusCode).toBe(200);
    expect((await rowOf(user.id))?.twoFactorEnabledAt).toBeNull();
  });

  it('counts wrong codes here too: 429 after five', async () => {
    const { user, access, secret } = await withTwoFactor();
    for (let i = 0; i < 5; i += 1) {
      expect((await disable(app, access, { password: user.password, code: '999999' })).statusCode).toBe(400);
    }
    const limited = await disable(app, access, { password: user.password, code: codeFor(secret) });
    expect(limited.statusCode).toBe(429);
    expect((await rowOf(user.id))?.twoFactorEnabledAt).not.toBeNull();
  });
});

describe('the routes need a session', () => {
  it.each([
    ['GET', '/auth/2fa'],
    ['POST', '/auth/2fa/setup'],
    ['POST', '/auth/2fa/enable'],
    ['POST', '/auth/2fa/disable'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const res = await app.inject({ method, url: `${API}${url}`, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
  });

  it('answers an otpauth URL for the signed-in account only', async () => {
    const user = await buildUser(app);
    const res = await app.inject({
      method: 'POST',
      url: `${API}/auth/2fa/setup`,
      headers: bearer((await tokensFor(app, user)).access),
    });
    expect(res.json<{ otpauth_url: string }>().otpauth_url).toContain(encodeURIComponent(user.email));
  });
});
