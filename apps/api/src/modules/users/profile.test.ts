import { ERROR_CODES, MESSAGES } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp, tokensFor } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf, type CurrentUserBody } from '../../../test/http.js';
import { users } from '../../db/schema.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.teardown();
});

const CURRENT_USER_KEYS = [
  'coin_balance',
  'created_at',
  'email',
  'email_verified',
  'id',
  'is_active',
  'is_admin',
  'suspended_until',
  'two_factor_enabled',
  'two_factor_required',
  'username',
];

const getProfile = (headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `${API}/user/profile`, headers, remoteAddress: nextIp() });
const patchProfile = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'PATCH', url: `${API}/user/profile`, headers, payload, remoteAddress: nextIp() });
const rowOf = async (id: string) => (await app.ctx.db.select().from(users).where(eq(users.id, id)))[0];

describe('GET /api/v1/user/profile', () => {
  it('answers exactly the CurrentUser fields, never the password hash', async () => {
    const user = await buildUser(app, { coins: 30 });
    const { auth } = await tokensFor(app, user);
    const res = await getProfile(auth);
    expect(res.statusCode).toBe(200);
    const body = res.json<CurrentUserBody>();
    expect(Object.keys(body).sort()).toEqual(CURRENT_USER_KEYS);
    expect(body).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      is_admin: false,
      is_active: true,
      email_verified: true,
      coin_balance: 30,
      suspended_until: null,
      created_at: user.createdAt.toISOString(),
      two_factor_enabled: false,
      two_factor_required: false,
    });
    expect(res.body).not.toContain('password');
    expect(res.body).not.toContain(user.passwordHash);
  });

  it('answers the same shape as GET /auth/me', async () => {
    const user = await buildUser(app, { verified: false });
    const { auth } = await tokensFor(app, user);
    const meRes = await app.inject({ method: 'GET', url: `${API}/auth/me`, headers: auth, remoteAddress: nextIp() });
    expect(meRes.json()).toEqual((await getProfile(auth)).json());
    expect(meRes.json<CurrentUserBody>().email_verified).toBe(false);
    expect(meRes.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 without a token', async () => {
    const res = await getProfile({});
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe(ERROR_CODES.unauthorized);
  });
});

describe('PATCH /api/v1/user/profile', () => {
  it('changes the username (trimmed) and answers the updated user', async () => {
    const user = await buildUser(app);
    const { auth } = await tokensFor(app, user);
    const res = await patchProfile(auth, { username: '  Fresh_Name1 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json<CurrentUserBody>()).toMatchObject({ id: user.id, username: 'Fresh_Name1', email: user.email });
    expect((await rowOf(user.id))?.username).toBe('Fresh_Name1');
  });

  it('lets a user change the case of their own username', async () => {
    const user = await buildUser(app);
    const { auth } = await tokensFor(app, user);
    const res = await patchProfile(auth, { username: user.username.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json<CurrentUserBody>().username).toBe(user.username.toUpperCase());
  });

  it('answers 409 for a username taken by someone else, whatever its case', async () => {
    const other = await buildUser(app);
    const user = await buildUser(app);
    const { auth } = await tokensFor(app, user);
    const res = await patchProfile(auth, { username: other.username.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({
      detail: MESSAGES.auth.usernameTaken,
      code: ERROR_CODES.conflict,
      errors: [{ field: 'username', message: MESSAGES.auth.usernameTaken }],
    });
    expect((await rowOf(user.id))?.username).toBe(user.username);
  });

  it.each([
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(21), 'Username must be at most 20 characters'],
    ['bad name!', 'Username can only contain letters, numbers and underscores'],
  ])('answers 422 for the username %j', async (username, message) => {
    const user = await buildUser(app);
    const { auth } = await tokensFor(app, user);
    const res = await patchProfile(auth, { username });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      detail: message,
      code: ERROR_CODES.validation,
      errors: [{ field: 'username', message }],
    });
  });

  it('ignores extra fields (is_admin, coin_balance, email, email_verified, is_active)', async () => {
    const user = await buildUser(app, { verified: false });
    const { auth } = await tokensFor(app, user);
    const res = await patchProfile(auth, {
      username: 'Plain_Again',
      is_admin: true,
      isAdmin: true,
      coin_balance: 99_999,
      email: 'takeover@example.test',
      email_verified: true,
      is_active: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<CurrentUserBody>()).toMatchObject({
      is_admin: false,
      coin_balance: 0,
      email: user.email,
      email_verified: false,
      is_active: true,
    });
    expect(await rowOf(user.id)).toMatchObject({
      username: 'Plain_Again',
      isAdmin: false,
      coinBalance: 0,
      email: user.email,
      emailVerifiedAt: null,
      isActive: true,
    });
  });

  it('answers 401 without a token and changes nothing', async () => {
    const user = await buildUser(app);
    const res = await patchProfile({}, { username: 'No_Token_Name' });
    expect(res.statusCode).toBe(401);
    expect((await rowOf(user.id))?.username).toBe(user.username);
  });
});
