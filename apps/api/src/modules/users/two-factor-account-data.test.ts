import { ACCOUNT_DATA_MESSAGES, ERROR_CODES, TWO_FACTOR_MESSAGES } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser, tokensFor } from '../../../test/factories.js';
import type { TestApp } from '../../../test/harness.js';
import { API, bearer, errorOf } from '../../../test/http.js';
import { codeFor, turnOnTwoFactor, type Clock, useTwoFactorApp } from '../../../test/two-factor-kit.js';
import { subscriptions, twoFactorRecoveryCodes, users } from '../../db/schema.js';

let app: TestApp;
let clock: Clock;
useTwoFactorApp((made) => {
  ({ app, clock } = made);
});

const deleteCall = (access: string, payload: object) =>
  app.inject({ method: 'DELETE', url: `${API}/users/me`, headers: bearer(access), payload });
const rowOf = async (id: string) => (await app.ctx.db.select().from(users).where(eq(users.id, id)))[0];
const codesOf = (id: string) =>
  app.ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, id));

async function memberWithTwoFactor() {
  const user = await buildUser(app);
  const { access } = await tokensFor(app, user);
  const on = await turnOnTwoFactor(app, access);
  clock.nextStep();
  return { user, access, ...on };
}

const expectCodeRefused = (res: Awaited<ReturnType<typeof deleteCall>>, detail: string) => {
  expect(res.statusCode).toBe(400);
  expect(errorOf(res)).toEqual({
    detail,
    code: ERROR_CODES.twoFactorInvalid,
    errors: [{ field: 'code', message: detail }],
  });
};

describe('DELETE /users/me with two-factor sign-in on', () => {
  it('asks for a code when none is given (or an empty one) and deletes nothing', async () => {
    const { user, access } = await memberWithTwoFactor();
    expectCodeRefused(await deleteCall(access, { password: user.password }), TWO_FACTOR_MESSAGES.codeRequired);
    expectCodeRefused(
      await deleteCall(access, { password: user.password, code: '' }),
      TWO_FACTOR_MESSAGES.codeRequired,
    );
    expect((await rowOf(user.id))?.deletedAt).toBeNull();
  });

  it('refuses a wrong code and deletes nothing', async () => {
    const { user, access, secret } = await memberWithTwoFactor();
    const res = await deleteCall(access, { password: user.password, code: codeFor(secret, 3) });
    expectCodeRefused(res, TWO_FACTOR_MESSAGES.codeInvalid);
    expect((await rowOf(user.id))?.deletedAt).toBeNull();
  });

  it('checks the password before the code', async () => {
    const { access, secret } = await memberWithTwoFactor();
    const res = await deleteCall(access, { password: 'Not-My-Pass1', code: codeFor(secret) });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).errors).toEqual([{ field: 'password', message: ACCOUNT_DATA_MESSAGES.wrongPassword }]);
  });

  it('gives a recovery code back when the deletion is refused afterwards (live subscription)', async () => {
    const { user, access, recoveryCodes } = await memberWithTwoFactor();
    await app.ctx.db.insert(subscriptions).values({
      userId: user.id,
      provider: 'stripe',
      providerSubscriptionId: `sub_${user.id}`,
      planId: 'monthly',
      status: 'active',
    });
    const res = await deleteCall(access, { password: user.password, code: recoveryCodes[0] ?? '' });
    expect(res.statusCode).toBe(409);
    expect((await codesOf(user.id)).every((row) => row.usedAt === null)).toBe(true);
  });

  it('deletes with the right code, and the secret and recovery codes go with the account', async () => {
    const { user, access, secret } = await memberWithTwoFactor();
    const res = await deleteCall(access, { password: user.password, code: codeFor(secret) });
    expect(res.statusCode).toBe(200);
    const row = await rowOf(user.id);
    expect(row?.deletedAt).not.toBeNull();
    expect([row?.twoFactorSecret, row?.twoFactorEnabledAt, row?.twoFactorLastStep]).toEqual([null, null, null]);
    expect(await codesOf(user.id)).toEqual([]);
  });

  it('asks nothing more of an account without it', async () => {
    const user = await buildUser(app);
    const { access } = await tokensFor(app, user);
    expect((await deleteCall(access, { password: user.password })).statusCode).toBe(200);
  });
});

describe('GET /users/me/export with two-factor sign-in on', () => {
  it('says it is on and holds neither the secret nor a recovery code or its hash', async () => {
    const { user, access, secret, recoveryCodes } = await memberWithTwoFactor();
    const res = await app.inject({ method: 'GET', url: `${API}/users/me/export`, headers: bearer(access) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ profile: { two_factor_enabled: true, two_factor_required: false } });
    const sealed = (await rowOf(user.id))?.twoFactorSecret ?? '';
    const hashes = (await codesOf(user.id)).map((row) => row.codeHash);
    for (const secretText of [secret, sealed, ...hashes, ...recoveryCodes]) expect(res.body).not.toContain(secretText);
    expect(res.body).not.toMatch(/two_factor_secret|code_hash|last_step/);
  });
});
