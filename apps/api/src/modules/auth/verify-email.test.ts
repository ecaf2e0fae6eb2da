import { randomBytes } from 'node:crypto';
import { ERROR_CODES, MESSAGES } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp, tokensFor } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf, me, newSignup, register, type CurrentUserBody } from '../../../test/http.js';
import { lastMailTo, linkToken, mailsTo } from '../../../test/mailbox.js';
import { emailTokens, users } from '../../db/schema.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.teardown();
});

const verify = (token: string) =>
  app.inject({ method: 'POST', url: `${API}/auth/verify-email/${token}`, remoteAddress: nextIp() });
const resend = (email: string, remoteAddress: string = nextIp()) =>
  app.inject({
    method: 'POST',
    url: `${API}/auth/resend-verification?email=${encodeURIComponent(email)}`,
    remoteAddress,
  });

/** Registers through the API and answers the new user's row and the token from the mailed link. */
async function signUp() {
  const signup = newSignup();
  expect((await register(app, signup)).statusCode).toBe(201);
  const mail = await lastMailTo(app, signup.email);
  const token = linkToken(mail?.text ?? '', '/auth/verify-email/');
  const [user] = await app.ctx.db.select().from(users).where(eq(users.email, signup.email));
  if (!user) throw new Error('user not created');
  return { signup, user, token };
}

const expectInvalid = (res: Awaited<ReturnType<typeof verify>>) => {
  expect(res.statusCode).toBe(400);
  expect(errorOf(res)).toEqual({ detail: MESSAGES.auth.invalidVerifyToken, code: ERROR_CODES.invalidToken });
};

describe('POST /api/v1/auth/verify-email/{token}', () => {
  it('verifies the account from the mailed link; /auth/me then shows email_verified', async () => {
    const { user, token } = await signUp();
    const { access } = await tokensFor(app, user);
    expect((await me(app, access)).json<CurrentUserBody>().email_verified).toBe(false);
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.auth.verified });
    expect((await me(app, access)).json<CurrentUserBody>().email_verified).toBe(true);
  });

  it('says the email is already verified when the same link is opened again', async () => {
    const { user, token } = await signUp();
    expect((await verify(token)).statusCode).toBe(200);
    const [first] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    const again = await verify(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: MESSAGES.auth.alreadyVerified });
    const [after] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.emailVerifiedAt).toEqual(first?.emailVerifiedAt);
  });

  it('says already verified for an older, voided link once the account is verified', async () => {
    const { signup, token: oldToken } = await signUp();
    await resend(signup.email);
    const newToken = linkToken((await lastMailTo(app, signup.email))?.text ?? '', '/auth/verify-email/');
    expectInvalid(await verify(oldToken));
    expect((await verify(newToken)).json()).toEqual({ message: MESSAGES.auth.verified });
    expect((await verify(oldToken)).json()).toEqual({ message: MESSAGES.auth.alreadyVerified });
  });

  it('refuses an expired token (24 h) and leaves the account unverified', async () => {
    const { user, token } = await signUp();
    await app.ctx.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user.id));
    expectInvalid(await verify(token));
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.emailVerifiedAt).toBeNull();
  });

  it('issues tokens that expire after 24 hours', async () => {
    const { user } = await signUp();
    const [row] = await app.ctx.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    const hours = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('refuses a random token', async () => {
    expectInvalid(await verify(randomBytes(32).toString('base64url')));
  });

  it('stores only a hash of the token', async () => {
    const { user, token } = await signUp();
    const rows = await app.ctx.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
  });

  it('does not accept a reset-password token as a verification token', async () => {
    const user = await buildUser(app, { verified: false });
    await app.inject({
      method: 'POST',
      url: `${API}/auth/forgot-password?email=${encodeURIComponent(user.email)}`,
      remoteAddress: nextIp(),
    });
    const resetToken = linkToken((await lastMailTo(app, user.email))?.text ?? '', '/reset-password/');
    expectInvalid(await verify(resetToken));
  });
});

describe('POST /api/v1/auth/resend-verification', () => {
  const generic = { message: MESSAGES.auth.verificationSent };

  it('sends a new link to a known unverified address; the old link stops working', async () => {
    const { signup, token: oldToken } = await signUp();
    const res = await resend(signup.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(generic);
    const mails = await mailsTo(app, signup.email);
    expect(mails).toHaveLength(2);
    const newToken = linkToken((await lastMailTo(app, signup.email))?.text ?? '', '/auth/verify-email/');
    expect(newToken).not.toBe(oldToken);
    expectInvalid(await verify(oldToken));
    expect((await verify(newToken)).statusCode).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const known = await buildUser(app, { verified: false });
    const knownRes = await resend(known.email);
    const email = 'nobody-resend@example.test';
    const res = await resend(email);
    expect(res.statusCode).toBe(knownRes.statusCode);
    expect(res.body).toBe(knownRes.body);
    expect(await mailsTo(app, email)).toHaveLength(0);
  });

  it('sends nothing to an already verified address', async () => {
    const user = await buildUser(app, { verified: true });
    const res = await resend(user.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(generic);
    expect(await mailsTo(app, user.email)).toHaveLength(0);
  });

  it('answers 422 for a malformed email', async () => {
    const res = await resend('nope');
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({ detail: 'Invalid email address', code: ERROR_CODES.validation });
  });

  it('allows 3 resends an hour per account; the 4th is 429 and sends nothing', async () => {
    const user = await buildUser(app, { verified: false });
    for (let i = 0; i < 3; i += 1) expect((await resend(user.email)).statusCode).toBe(202);
    const fourth = await resend(user.email.toUpperCase());
    expect(fourth.statusCode).toBe(429);
    expect(errorOf(fourth).code).toBe(ERROR_CODES.rateLimited);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(app, user.email)).toHaveLength(3);
  });

  it('allows 10 resends an hour per IP; the 11th is 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) expect((await resend(`ip-flood-${i}@example.test`, ip)).statusCode).toBe(202);
    expect((await resend('ip-flood-last@example.test', ip)).statusCode).toBe(429);
  });
});
