import { ERROR_CODES, MESSAGES, TWO_FACTOR_MESSAGES } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser, nextIp, tokensFor } from '../../../test/factories.js';
import type { TestApp } from '../../../test/harness.js';
import { API, errorOf, login, me, type TokenPairBody } from '../../../test/http.js';
import { lastMailTo, linkToken } from '../../../test/mailbox.js';
import { users } from '../../db/schema.js';
import { codeFor, status, turnOnTwoFactor, verify, type Clock, useTwoFactorApp } from '../../../test/two-factor-kit.js';

let app: TestApp;
let clock: Clock;
useTwoFactorApp((made) => {
  ({ app, clock } = made);
});

type Challenge = { two_factor_required: true; challenge_token: string };

/** A user with two-factor sign-in on, and the challenge their password answers. */
async function challenged() {
  const user = await buildUser(app);
  const { secret, recoveryCodes } = await turnOnTwoFactor(app, (await tokensFor(app, user)).access);
  clock.nextStep();
  const res = await login(app, user.email, user.password);
  expect(res.statusCode).toBe(200);
  return { user, secret, recoveryCodes, challenge: res.json<Challenge>().challenge_token };
}

const expectRefused = (res: Awaited<ReturnType<typeof verify>>, detail: string) => {
  expect(res.statusCode).toBe(400);
  expect(errorOf(res)).toEqual({
    detail,
    code: ERROR_CODES.twoFactorInvalid,
    errors: [{ field: 'code', message: detail }],
  });
};

/** Not "not valid": the code was right, its time step is spent, and the next one will do. */
const expectReplayed = (res: Awaited<ReturnType<typeof verify>>) => {
  const detail = 'This code was just used; wait for the next one.';
  expect(res.statusCode).toBe(400);
  expect(errorOf(res)).toEqual({ detail, code: 'TWO_FACTOR_CODE_USED', errors: [{ field: 'code', message: detail }] });
};

describe('signing in with two-factor sign-in on', () => {
  it('answers a challenge and no tokens to the right password, then tokens to a code from the app', async () => {
    const { user, secret, challenge } = await challenged();
    const res = await login(app, user.email, user.password);
    expect(Object.keys(res.json()).sort()).toEqual(['challenge_token', 'two_factor_required']);
    expect(res.json()).toMatchObject({ two_factor_required: true });
    // The challenge is not a session.
    expect((await me(app, challenge)).statusCode).toBe(401);

    const verified = await verify(app, challenge, codeFor(secret));
    expect(verified.statusCode).toBe(200);
    const pair = verified.json<TokenPairBody>();
    expect(pair).toMatchObject({ token_type: 'bearer', is_admin: false });
    const profile = await me(app, pair.access_token);
    expect(profile.json()).toMatchObject({ id: user.id, two_factor_enabled: true, two_factor_required: false });
  });

  it('refuses a code used once already, even within its 30 seconds, and the one before it', async () => {
    const { secret, challenge } = await challenged();
    const code = codeFor(secret);
    expect((await verify(app, challenge, code)).statusCode).toBe(200);
    expectReplayed(await verify(app, challenge, code));
    expectReplayed(await verify(app, challenge, codeFor(secret, -1)));
    clock.nextStep();
    expect((await verify(app, challenge, codeFor(secret))).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous verifies with the same code through', async () => {
    const { secret, challenge } = await challenged();
    const code = codeFor(secret);
    const answers = await Promise.all([verify(app, challenge, code), verify(app, challenge, code)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });

  it('accepts a code one step either side of the clock, not two', async () => {
    const { secret, challenge } = await challenged();
    expectRefused(await verify(app, challenge, codeFor(secret, 2)), TWO_FACTOR_MESSAGES.codeInvalid);
    expectRefused(await verify(app, challenge, codeFor(secret, -2)), TWO_FACTOR_MESSAGES.codeInvalid);
    expect((await verify(app, challenge, codeFor(secret, 1))).statusCode).toBe(200);
  });

  it('counts wrong codes and answers 429 after five, even to the right code', async () => {
    const { secret, challenge } = await challenged();
    for (const wrong of ['000000', '111111', 'AAAAA-AAAAA', '222222', '333333']) {
      expectRefused(await verify(app, challenge, wrong), TWO_FACTOR_MESSAGES.codeInvalid);
    }
    const limited = await verify(app, challenge, codeFor(secret));
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toMatchObject({
      detail: TWO_FACTOR_MESSAGES.tooManyAttempts,
      code: ERROR_CODES.rateLimited,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('does not count right codes against the limit', async () => {
    const { secret, challenge } = await challenged();
    for (let i = 0; i < 6; i += 1) {
      clock.nextStep();
      expect((await verify(app, challenge, codeFor(secret))).statusCode).toBe(200);
    }
  });

  it('takes each recovery code once, typed in any case, with or without its dash', async () => {
    const { user, recoveryCodes, challenge } = await challenged();
    const [first = '', second = ''] = recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(first).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    const pair = (await verify(app, challenge, first.replace('-', '').toLowerCase())).json<TokenPairBody>();
    expect(pair.access_token).toBeTruthy();
    expectRefused(await verify(app, challenge, first), TWO_FACTOR_MESSAGES.codeInvalid);
    expect((await verify(app, challenge, ` ${second} `)).statusCode).toBe(200);
    expect((await status(app, pair.access_token)).json()).toEqual({
      enabled: true,
      recovery_codes_left: 8,
      required: false,
    });
    expect((await me(app, pair.access_token)).json()).toMatchObject({ id: user.id });
  });

  it('refuses an expired, forged or foreign challenge with 401 challengeExpired', async () => {
    const { user, secret, challenge } = await challenged();
    const expired = { detail: TWO_FACTOR_MESSAGES.challengeExpired, code: ERROR_CODES.twoFactorInvalid };
    const access = (await tokensFor(app, user)).access;
    for (const token of [access, `${challenge.slice(0, -4)}AAAA`, 'not-a-token']) {
      const res = await verify(app, token, codeFor(secret));
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toEqual(expired);
    }
    clock.advance(5 * 60_000 + 1000);
    const late = await verify(app, challenge, codeFor(secret));
    expect(late.statusCode).toBe(401);
    expect(errorOf(late)).toEqual(expired);
  });

  it('refuses a deactivated account at the second step too', async () => {
    const { user, secret, challenge } = await challenged();
    await app.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const res = await verify(app, challenge, codeFor(secret));
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ detail: MESSAGES.auth.inactive, code: ERROR_CODES.accountInactive });
  });

  it('answers a mailed sign-in link with a challenge too, and the code completes it', async () => {
    const user = await buildUser(app);
    const { secret } = await turnOnTwoFactor(app, (await tokensFor(app, user)).access);
    clock.nextStep();
    const asked = await app.inject({
      method: 'POST',
      url: `${API}/auth/sign-in-link`,
      payload: { email: user.email },
      remoteAddress: nextIp(),
    });
    expect(asked.statusCode).toBe(202);
    const token = linkToken((await lastMailTo(app, user.email))?.text ?? '', '/auth/sign-in-link/');
    const used = await app.inject({
      method: 'POST',
      url: `${API}/auth/sign-in-link/${token}`,
      remoteAddress: nextIp(),
    });
    expect(used.statusCode).toBe(200);
    const body = used.json<Challenge>();
    expect(Object.keys(body).sort()).toEqual(['challenge_token', 'two_factor_required']);
    expect((await verify(app, body.challenge_token, codeFor(secret))).statusCode).toBe(200);
  });

  it('leaves sign-in as it was for an account without it, pending setup included', async () => {
    const user = await buildUser(app);
    const { access } = await tokensFor(app, user);
    await app.inject({ method: 'POST', url: `${API}/auth/2fa/setup`, headers: { authorization: `Bearer ${access}` } });
    const res = await login(app, user.email, user.password);
    expect(Object.keys(res.json()).sort()).toEqual(['access_token', 'is_admin', 'refresh_token', 'token_type']);
    expect((await status(app, access)).json()).toEqual({ enabled: false, recovery_codes_left: 0, required: false });
  });
});
