import { COMMON_PASSWORD_MESSAGE, ERROR_CODES, MESSAGES } from '@kettle/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { errorOf, newSignup, register } from '../../../test/http.js';
import { lastMailTo, linkToken, outboxTo } from '../../../test/mailbox.js';
import { coinLedger, users } from '../../db/schema.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.teardown();
});

const userByEmail = async (target: TestApp, email: string) => {
  const [row] = await target.ctx.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
};
const ledgerOf = (target: TestApp, userId: string) =>
  target.ctx.db.select().from(coinLedger).where(eq(coinLedger.userId, userId));
const mailCount = async (to: string) => (await outboxTo(app, to)).length;

describe('POST /api/v1/auth/register', () => {
  it('creates an unverified user with an argon2id hash, the sign-up bonus and a verification mail', async () => {
    const signup = newSignup();
    const res = await register(app, signup);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'User registered Successfully!' });

    const row = await userByEmail(app, signup.email);
    expect(row).toMatchObject({
      username: signup.username,
      isAdmin: false,
      isActive: true,
      emailVerifiedAt: null,
      coinBalance: 50,
    });
    expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row?.passwordHash).not.toContain(signup.password);

    const ledger = await ledgerOf(app, row?.id ?? '');
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: 'signup_bonus', delta: 50, balanceAfter: 50 });

    const mail = await lastMailTo(app, signup.email);
    expect(mail?.text).toMatch(/http:\/\/kettle\.test\/auth\/verify-email\/[A-Za-z0-9_-]{43,}/);
    expect(linkToken(mail?.text ?? '', '/auth/verify-email/').length).toBeGreaterThanOrEqual(43);
  });

  it('stores the email in lower case and trims the username', async () => {
    const signup = newSignup();
    const res = await register(app, {
      ...signup,
      email: signup.email.toUpperCase(),
      username: `  ${signup.username} `,
    });
    expect(res.statusCode).toBe(201);
    expect(await userByEmail(app, signup.email)).toMatchObject({
      email: signup.email.toLowerCase(),
      username: signup.username,
    });
  });

  it('answers 409 with errors[email] for a taken email, whatever its case', async () => {
    const existing = await buildUser(app);
    const res = await register(app, newSignup({ email: existing.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      detail: MESSAGES.auth.emailTaken,
      code: ERROR_CODES.conflict,
      errors: [{ field: 'email', message: MESSAGES.auth.emailTaken }],
    });
  });

  it('answers 409 with errors[username] for a taken username, whatever its case', async () => {
    const existing = await buildUser(app);
    const res = await register(app, newSignup({ username: existing.username.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      detail: MESSAGES.auth.usernameTaken,
      code: ERROR_CODES.conflict,
      errors: [{ field: 'username', message: MESSAGES.auth.usernameTaken }],
    });
  });

  const invalid: Array<[string, Partial<Record<'username' | 'email' | 'password', string>>, string, string]> = [
    ['a username under 3 characters', { username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [
      'a username over 20 characters',
      { username: 'a'.repeat(21) },
      'username',
      'Username must be at most 20 characters',
    ],
    [
      'a username with a space',
      { username: 'tea pot' },
      'username',
      'Username can only contain letters, numbers and underscores',
    ],
    [
      'a username with a hyphen',
      { username: 'tea-pot' },
      'username',
      'Username can only contain letters, numbers and underscores',
    ],
    ['an empty username', { username: '' }, 'username', 'Username is required'],
    ['a bad email', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['a 7-character password', { password: 'Abcdef1' }, 'password', 'Password must be at least 8 characters'],
    [
      'a password without lower case',
      { password: 'ABCDEFG1' },
      'password',
      'Password must contain at least one lowercase letter',
    ],
    [
      'a password without upper case',
      { password: 'abcdefg1' },
      'password',
      'Password must contain at least one uppercase letter',
    ],
    ['a password without a number', { password: 'Abcdefgh' }, 'password', 'Password must contain at least one number'],
    [
      'a password over 128 characters',
      { password: `Aa1${'x'.repeat(126)}` },
      'password',
      'Password cannot exceed 128 characters',
    ],
    ['a common password', { password: 'Password123' }, 'password', COMMON_PASSWORD_MESSAGE],
  ];
  it.each(invalid)('answers 422 for %s', async (_name, override, field, message) => {
    const signup = newSignup(override);
    const res = await register(app, signup);
    expect(res.statusCode).toBe(422);
    const body = errorOf(res);
    expect(body.code).toBe(ERROR_CODES.validation);
    expect(body.errors).toContainEqual({ field, message });
    expect(await userByEmail(app, signup.email)).toBeUndefined();
  });

  it('accepts a 128-character password (the maximum)', async () => {
    const res = await register(app, newSignup({ password: `Aa1${'k'.repeat(125)}` }));
    expect(res.statusCode).toBe(201);
  });

  it('answers 422 for a missing field', async () => {
    const { password: _omitted, ...rest } = newSignup();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: rest,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors).toContainEqual({ field: 'password', message: 'Password is required' });
  });

  it('drops a request that filled the honeypot: same 201 body, no user, no mail', async () => {
    const signup = newSignup({ website: 'http://spam.example' });
    const res = await register(app, signup);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: MESSAGES.auth.registered });
    expect(await userByEmail(app, signup.email)).toBeUndefined();
    expect(await mailCount(signup.email)).toBe(0);
  });

  it('ignores mass-assigned fields (is_admin, coin_balance, email_verified)', async () => {
    const signup = newSignup({
      is_admin: true,
      isAdmin: true,
      coin_balance: 99_999,
      email_verified: true,
      is_active: false,
    });
    const res = await register(app, signup);
    expect(res.statusCode).toBe(201);
    expect(await userByEmail(app, signup.email)).toMatchObject({
      isAdmin: false,
      isActive: true,
      coinBalance: 50,
      emailVerifiedAt: null,
    });
  });

  it('limits sign-ups to 10 an hour per IP: the 11th is 429 and creates nothing', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) {
      // Invalid bodies never reach the limiter; taken emails do (cheap, no hashing).
      const res = await register(app, newSignup({ email: 'flood-target@example.test' }), ip);
      expect([201, 409]).toContain(res.statusCode);
    }
    const signup = newSignup();
    const eleventh = await register(app, signup, ip);
    expect(eleventh.statusCode).toBe(429);
    expect(errorOf(eleventh).code).toBe(ERROR_CODES.rateLimited);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect(await userByEmail(app, signup.email)).toBeUndefined();
    expect((await register(app, signup)).statusCode).toBe(201);
  });

  it('lets only one of two racing sign-ups for one email win; the other gets 409', async () => {
    const email = 'race-signup@example.test';
    const [a, b] = await Promise.all([register(app, newSignup({ email })), register(app, newSignup({ email }))]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 409]);
    const [{ n } = { n: 0 }] = await app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, email));
    expect(Number(n)).toBe(1);
  });
});

describe('sign-up bonus from the environment', () => {
  it('credits SIGNUP_BONUS_COINS (7) with one ledger row', async () => {
    const other = await createTestApp({ env: { SIGNUP_BONUS_COINS: '7' } });
    try {
      const signup = newSignup();
      expect((await register(other, signup)).statusCode).toBe(201);
      const row = await userByEmail(other, signup.email);
      expect(row?.coinBalance).toBe(7);
      const ledger = await ledgerOf(other, row?.id ?? '');
      expect(ledger.map((l) => [l.kind, l.delta])).toEqual([['signup_bonus', 7]]);
    } finally {
      await other.teardown();
    }
  });
});
