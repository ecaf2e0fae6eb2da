import { ERROR_CODES, MESSAGES } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp, tokensFor } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, bearer, errorOf, login, me, refresh, type TokenPairBody } from '../../../test/http.js';
import { users } from '../../db/schema.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.teardown();
});

const NEW_PASSWORD = 'Second-Steep55';
type UpdateBody = TokenPairBody & { message: string };

const updatePassword = (method: 'POST' | 'PUT', headers: Record<string, string>, payload: object) =>
  app.inject({ method, url: `${API}/auth/update-password`, headers, payload, remoteAddress: nextIp() });
const checkPassword = (headers: Record<string, string>, password: string) =>
  app.inject({
    method: 'POST',
    url: `${API}/auth/check-password`,
    headers,
    payload: { password },
    remoteAddress: nextIp(),
  });
const hashOf = async (id: string) => (await app.ctx.db.select().from(users).where(eq(users.id, id)))[0]?.passwordHash;

describe('POST and PUT /api/v1/auth/update-password', () => {
  it.each(['POST', 'PUT'] as const)('%s changes the password and answers a fresh token pair', async (method) => {
    const user = await buildUser(app);
    const { auth } = await tokensFor(app, user);
    const res = await updatePassword(method, auth, { current_password: user.password, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json<UpdateBody>();
    expect(body).toMatchObject({ message: 'Password updated successfully!', token_type: 'bearer', is_admin: false });
    expect((await me(app, body.access_token)).statusCode).toBe(200);
    expect((await refresh(app, body.refresh_token)).statusCode).toBe(200);
    expect((await login(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(app, user.email, user.password)).statusCode).toBe(401);
    expect((await hashOf(user.id))?.startsWith('$argon2id$')).toBe(true);
  });

  it('answers 400 with errors[current_password] when the current password is wrong, and changes nothing', async () => {
    const user = await buildUser(app);
    const { auth } = await tokensFor(app, user);
    const res = await updatePassword('POST', auth, { current_password: 'Not-My-Pass1', new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual({
      detail: MESSAGES.auth.wrongCurrentPassword,
      code: ERROR_CODES.badRequest,
      errors: [{ field: 'current_password', message: MESSAGES.auth.wrongCurrentPassword }],
    });
    expect(await hashOf(user.id)).toBe(user.passwordHash);
  });

  it.each([
    ['too short', 'Ab1defg', 'Password must be at least 8 characters'],
    ['no upper case', 'abcdefg12', 'Password must contain at least one uppercase letter'],
    ['no number', 'Abcdefghi', 'Password must contain at least one number'],
    ['a common password', 'Password123', 'This password is too common. Please choose another.'],
  ])('answers 422 for a weak new password (%s)', async (_name, weak, message) => {
    const user = await buildUser(app);
    const { auth } = await tokensFor(app, user);
    const res = await updatePassword('POST', auth, { current_password: user.password, new_password: weak });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({ code: ERROR_CODES.validation, errors: [{ field: 'new_password', message }] });
    expect(await hashOf(user.id)).toBe(user.passwordHash);
  });

  it('ends the earlier sessions: refresh tokens issued before answer 401', async () => {
    const user = await buildUser(app);
    const current = await tokensFor(app, user);
    const otherDevice = await tokensFor(app, user);
    expect(
      (await updatePassword('POST', current.auth, { current_password: user.password, new_password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
    for (const old of [current.refresh, otherDevice.refresh]) {
      const res = await refresh(app, old);
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).detail).toBe(MESSAGES.auth.invalidRefresh);
    }
  });

  it('needs a signed-in user (401)', async () => {
    const res = await updatePassword('POST', {}, { current_password: 'Whatever-1', new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toEqual({
      detail: 'Authentication required. Please login again.',
      code: ERROR_CODES.unauthorized,
    });
  });

  it('an 80-character password is checked in full: changing char 75 fails the login', async () => {
    const user = await buildUser(app);
    const { auth } = await tokensFor(app, user);
    const long = `Aa1${'q'.repeat(77)}`;
    expect(
      (await updatePassword('POST', auth, { current_password: user.password, new_password: long })).statusCode,
    ).toBe(200);
    const changed = `${long.slice(0, 74)}Z${long.slice(75)}`;
    expect((await login(app, user.email, changed)).statusCode).toBe(401);
    const ok = await login(app, user.email, long);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<TokenPairBody>().access_token).toBeTruthy();
  });
});

describe('POST /api/v1/auth/check-password', () => {
  it('answers valid:true for the current password and valid:false otherwise', async () => {
    const user = await buildUser(app);
    const { access } = await tokensFor(app, user);
    const yes = await checkPassword(bearer(access), user.password);
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ valid: true });
    const no = await checkPassword(bearer(access), 'Not-My-Pass1');
    expect(no.statusCode).toBe(200);
    expect(no.json()).toEqual({ valid: false });
  });

  it('answers 422 for an empty password and 401 without a token', async () => {
    const user = await buildUser(app);
    const { auth } = await tokensFor(app, user);
    const empty = await checkPassword(auth, '');
    expect(empty.statusCode).toBe(422);
    expect(errorOf(empty).errors).toEqual([{ field: 'password', message: 'Password is required' }]);
    expect((await checkPassword({}, 'anything')).statusCode).toBe(401);
  });
});
