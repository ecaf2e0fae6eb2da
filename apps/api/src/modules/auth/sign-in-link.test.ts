import { ERROR_CODES, MESSAGES } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf, login, me, type CurrentUserBody, type TokenPairBody } from '../../../test/http.js';
import { lastMailTo, linkToken, outboxTo } from '../../../test/mailbox.js';
import { emailTokens, users } from '../../db/schema.js';
import { hashToken } from '../../lib/tokens.js';

/** A low ceiling keeps the test short; production defaults to 50 (LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR). */
const CEILING = 6;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: String(CEILING) } });
});
afterEach(async () => {
  await app.ctx.jobs.drain();
});
afterAll(async () => {
  await app.teardown();
});

const askLink = (email: string, remoteAddress: string = nextIp()) =>
  app.inject({ method: 'POST', url: `${API}/auth/sign-in-link`, payload: { email }, remoteAddress });
const useLink = (token: string) =>
  app.inject({ method: 'POST', url: `${API}/auth/sign-in-link/${token}`, remoteAddress: nextIp() });

async function mailedToken(email: string): Promise<string> {
  expect((await askLink(email)).statusCode).toBe(202);
  return linkToken((await lastMailTo(app, email))?.text ?? '', '/auth/sign-in-link/');
}

async function failFromManyAddresses(email: string, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) expect((await login(app, email, 'Wrong-Pass1')).statusCode).toBe(401);
}

const expectLinkRequired = (res: Awaited<ReturnType<typeof login>>) => {
  expect(res.statusCode).toBe(403);
  expect(errorOf(res)).toEqual({ detail: MESSAGES.auth.signInLinkRequired, code: ERROR_CODES.signInLinkRequired });
};

const expectInvalidLink = (res: Awaited<ReturnType<typeof useLink>>) => {
  expect(res.statusCode).toBe(400);
  expect(errorOf(res)).toEqual({ detail: MESSAGES.auth.invalidSignInLink, code: ERROR_CODES.invalidToken });
};

describe('past the per-account ceiling of failed passwords', () => {
  it('refuses password sign-in with SIGN_IN_LINK_REQUIRED, even with the right password, from any address', async () => {
    const owner = await buildUser(app);
    await failFromManyAddresses(owner.email, CEILING);
    expectLinkRequired(await login(app, owner.email, owner.password));
    expectLinkRequired(await login(app, owner.email, 'Wrong-Pass1'));
  });

  it('answers an unknown email the same way (no enumeration)', async () => {
    const email = 'ghost-ceiling@example.test';
    await failFromManyAddresses(email, CEILING);
    expectLinkRequired(await login(app, email, 'Wrong-Pass1'));
  });

  it('still lets the owner in through a mailed link, once', async () => {
    const owner = await buildUser(app);
    await failFromManyAddresses(owner.email, CEILING);
    const token = await mailedToken(owner.email);
    const res = await useLink(token);
    expect(res.statusCode).toBe(200);
    const pair = res.json<TokenPairBody>();
    expect(Object.keys(pair).sort()).toEqual(['access_token', 'is_admin', 'refresh_token', 'token_type']);
    expect((await me(app, pair.access_token)).json<CurrentUserBody>().id).toBe(owner.id);
    expectInvalidLink(await useLink(token));
  });
});

describe('POST /api/v1/auth/sign-in-link', () => {
  it('answers 202 before any work, then mails one 15-minute link stored only as a hash', async () => {
    const user = await buildUser(app);
    app.ctx.jobs.pause();
    const res = await askLink(user.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: MESSAGES.auth.signInLinkSent });
    expect(await outboxTo(app, user.email)).toHaveLength(0);
    await app.ctx.jobs.drain();
    const mails = await outboxTo(app, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your Kettle sign-in link');
    expect(mails[0]?.text).toMatch(/http:\/\/kettle\.test\/auth\/sign-in-link\/[A-Za-z0-9_-]{43,}/);
    const token = linkToken(mails[0]?.text ?? '', '/auth/sign-in-link/');
    const rows = await app.ctx.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'sign_in', tokenHash: hashToken(token) });
    expect(rows[0]?.tokenHash).not.toBe(token);
    const minutes = ((rows[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('answers an unknown email with the identical 202 and mails nothing', async () => {
    const known = await buildUser(app);
    const knownRes = await askLink(known.email);
    const email = 'nobody-link@example.test';
    const res = await askLink(email);
    expect(res.statusCode).toBe(knownRes.statusCode);
    expect(res.body).toBe(knownRes.body);
    await app.ctx.jobs.drain();
    expect(await outboxTo(app, email)).toHaveLength(0);
  });

  it('mails nothing to a deactivated account', async () => {
    const user = await buildUser(app, { isActive: false });
    expect((await askLink(user.email)).statusCode).toBe(202);
    await app.ctx.jobs.drain();
    expect(await outboxTo(app, user.email)).toHaveLength(0);
  });

  it('answers 422 "Invalid email address" for a malformed email', async () => {
    const res = await askLink('not-an-email');
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({ errors: [{ field: 'email', message: 'Invalid email address' }] });
  });

  it('is limited per email address (5 an hour) and per client address (10 an hour)', async () => {
    const user = await buildUser(app);
    for (let i = 0; i < 5; i += 1) expect((await askLink(user.email)).statusCode).toBe(202);
    const sixth = await askLink(user.email);
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth).code).toBe(ERROR_CODES.rateLimited);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);

    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) expect((await askLink(`someone-${i}@example.test`, ip)).statusCode).toBe(202);
    expect((await askLink('someone-else@example.test', ip)).statusCode).toBe(429);
  });
});

describe('POST /api/v1/auth/sign-in-link/{token}', () => {
  it('a second request does not void the first link (a stranger cannot cancel the owner`s link)', async () => {
    const user = await buildUser(app);
    const first = await mailedToken(user.email);
    await mailedToken(user.email);
    expect((await useLink(first)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await buildUser(app);
    const token = await mailedToken(user.email);
    await app.ctx.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    expectInvalidLink(await useLink(token));
  });

  it('refuses an unknown link and a reset-password token used as a sign-in link', async () => {
    expectInvalidLink(await useLink('not-a-real-token-at-all'));
    const user = await buildUser(app);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `${API}/auth/forgot-password?email=${encodeURIComponent(user.email)}`,
          remoteAddress: nextIp(),
        })
      ).statusCode,
    ).toBe(202);
    const resetToken = linkToken((await lastMailTo(app, user.email))?.text ?? '', '/reset-password/');
    expectInvalidLink(await useLink(resetToken));
  });

  it('refuses an account deactivated after the mail, as login does', async () => {
    const user = await buildUser(app);
    const token = await mailedToken(user.email);
    await app.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const res = await useLink(token);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ detail: MESSAGES.auth.inactive, code: ERROR_CODES.accountInactive });
  });

  it('marks an unverified address verified (following the link proves it)', async () => {
    const user = await buildUser(app, { verified: false });
    const token = await mailedToken(user.email);
    const pair = (await useLink(token)).json<TokenPairBody>();
    expect((await me(app, pair.access_token)).json<CurrentUserBody>().email_verified).toBe(true);
  });
});
