import { randomBytes } from 'node:crypto';
import { ADMIN_USER_MESSAGES, ERROR_CODES, MESSAGES, type AdminUser, type AdminUserList } from '@kettle/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp, tokensFor } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { expectInvariants } from '../../../test/invariants.js';
import { API, errorOf, login, me, refresh } from '../../../test/http.js';
import { auditLog, refreshTokens, users } from '../../db/schema.js';

type Auth = { authorization: string };

let app: TestApp;
let adminId: string;
let adminAuth: Auth;
beforeAll(async () => {
  app = await createTestApp();
  const admin = await buildUser(app, { isAdmin: true });
  adminId = admin.id;
  adminAuth = (await tokensFor(app, admin)).auth;
});
afterEach(async () => {
  await expectInvariants(app);
});
afterAll(async () => {
  await app.teardown();
});

const call = (method: 'GET' | 'PUT', url: string, headers?: Auth, payload?: unknown) =>
  app.inject({ method, url: `${API}${url}`, headers, payload: payload as object, remoteAddress: nextIp() });
const list = (query: Record<string, string | number>, headers: Auth = adminAuth) => {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return call('GET', `/users/admin/all?${search}`, headers);
};
const getOne = (id: string, headers: Auth = adminAuth) => call('GET', `/users/admin/${id}`, headers);
const setStatus = (id: string, payload: unknown, headers: Auth = adminAuth) =>
  call('PUT', `/admin/users/${id}/status`, headers, payload);
const update = (id: string, payload: unknown, headers: Auth = adminAuth) =>
  call('PUT', `/admin/users/${id}`, headers, payload);

const auditFor = (id: string, action: string) =>
  app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, id), eq(auditLog.action, action)));
const rowOf = async (id: string) => (await app.ctx.db.select().from(users).where(eq(users.id, id)))[0];

/** A run of users whose names share a tag no other test uses, created oldest first. */
async function buildTagged(count: number, tag = randomBytes(3).toString('hex')) {
  const made = [];
  for (let i = 0; i < count; i += 1) {
    made.push(await buildUser(app, { username: `t${tag}_${i}`, email: `m${i}-${tag}@tagged.example` }));
  }
  return { tag, made };
}

describe('GET /users/admin/all', () => {
  it('lists newest first with every field of product.md §3 User and nothing secret', async () => {
    const { tag, made } = await buildTagged(3);
    const res = await list({ search: tag });
    expect(res.statusCode).toBe(200);
    const body = res.json<AdminUserList>();
    expect(body.metadata).toEqual({ total_elements: 3, skip: 0, limit: 10 });
    expect(body.data.map((u) => u.username)).toEqual([...made].reverse().map((u) => u.username));
    const newest = made[2];
    expect(body.data[0]).toEqual({
      id: newest?.id,
      username: newest?.username,
      email: newest?.email,
      is_admin: false,
      is_active: true,
      email_verified: true,
      coin_balance: 0,
      coin_debt: 0,
      two_factor_enabled: false,
      standing: { state: 'active', since: null, until: null, rule_title: null, action_id: null },
      created_at: newest?.createdAt.toISOString(),
    });
    expect(res.body).not.toContain('password');
  });

  it('searches username or email in any case, and treats % and _ literally', async () => {
    const { tag, made } = await buildTagged(2);
    const byName = (await list({ search: `T${tag.toUpperCase()}_1` })).json<AdminUserList>();
    expect(byName.data.map((u) => u.id)).toEqual([made[1]?.id]);
    const byEmail = (await list({ search: `M0-${tag}@TAGGED` })).json<AdminUserList>();
    expect(byEmail.data.map((u) => u.id)).toEqual([made[0]?.id]);
    expect((await list({ search: '%' })).json<AdminUserList>().metadata.total_elements).toBe(0);
    // `_` would match any one character as a wildcard; literally, only names with an underscore match.
    const underscore = (await list({ search: `t${tag}_` })).json<AdminUserList>();
    expect(underscore.metadata.total_elements).toBe(2);
    expect((await list({ search: `t${tag}x` })).json<AdminUserList>().metadata.total_elements).toBe(0);
  });

  it('pages 9 at a time with exact totals, no overlap and no gaps', async () => {
    const { tag, made } = await buildTagged(20);
    const pages = [];
    for (const skip of [0, 9, 18]) {
      const body = (await list({ search: tag, skip, limit: 9 })).json<AdminUserList>();
      expect(body.metadata).toEqual({ total_elements: 20, skip, limit: 9 });
      pages.push(body.data.map((u) => u.id));
    }
    expect(pages.map((p) => p.length)).toEqual([9, 9, 2]);
    expect(pages.flat()).toEqual([...made].reverse().map((u) => u.id));
    const past = (await list({ search: tag, skip: 27, limit: 9 })).json<AdminUserList>();
    expect(past).toEqual({ data: [], metadata: { total_elements: 20, skip: 27, limit: 9 } });
  });

  it('counts everyone without a search', async () => {
    const total = (await list({ limit: 1 })).json<AdminUserList>().metadata.total_elements;
    const rows = await app.ctx.db.select({ id: users.id }).from(users);
    expect(total).toBe(rows.length);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ skip: -1 }, 'skip'],
    [{ search: 'x'.repeat(101) }, 'search'],
  ])('refuses %j with 422', async (query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors?.[0]?.field).toBe(field);
  });
});

describe('GET /users/admin/{id}', () => {
  it('answers the user, and 404 for an unknown or malformed id', async () => {
    const user = await buildUser(app, { coins: 12, verified: false });
    const res = await getOne(user.id);
    expect(res.json<AdminUser>()).toMatchObject({ id: user.id, coin_balance: 12, email_verified: false });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await getOne(id);
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing)).toEqual({ detail: 'User not found.', code: ERROR_CODES.notFound });
    }
  });
});

describe('admin only', () => {
  it('answers 401 to visitors and 403 to members on every route, changing nothing', async () => {
    const member = await buildUser(app);
    const memberAuth = (await tokensFor(app, member)).auth;
    const target = await buildUser(app);
    const attempts = [
      (h?: Auth) => call('GET', '/users/admin/all', h),
      (h?: Auth) => call('GET', `/users/admin/${target.id}`, h),
      (h?: Auth) => call('PUT', `/admin/users/${target.id}/status`, h, { is_active: false }),
      (h?: Auth) => call('PUT', `/admin/users/${target.id}`, h, { is_admin: true }),
      (h?: Auth) => call('PUT', `/admin/users/${member.id}`, h, { is_admin: true }),
    ];
    for (const attempt of attempts) {
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt(memberAuth)).statusCode).toBe(403);
    }
    expect(await rowOf(target.id)).toMatchObject({ isActive: true, isAdmin: false });
    expect(await rowOf(member.id)).toMatchObject({ isAdmin: false });
  });
});

describe('PUT /admin/users/{id}/status', () => {
  it('deactivates: the open session is refused, refresh and sign-in too; reactivation lets them sign in again', async () => {
    const user = await buildUser(app);
    const signIn = await login(app, user.email, user.password);
    expect(signIn.statusCode).toBe(200);
    const tokens = signIn.json<{ access_token: string; refresh_token: string }>();
    expect((await me(app, tokens.access_token)).statusCode).toBe(200);

    const off = await setStatus(user.id, { is_active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json<AdminUser>()).toMatchObject({ id: user.id, is_active: false });

    const refused = await me(app, tokens.access_token);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ detail: MESSAGES.auth.inactive, code: ERROR_CODES.accountInactive });
    const tokenRows = await app.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(tokenRows.length).toBeGreaterThan(0);
    expect(tokenRows.every((row) => row.revokedAt !== null)).toBe(true);
    expect((await refresh(app, tokens.refresh_token)).statusCode).toBe(401);
    const loginRefused = await login(app, user.email, user.password);
    expect(loginRefused.statusCode).toBe(403);
    expect(errorOf(loginRefused).code).toBe(ERROR_CODES.accountInactive);

    const [audit] = await auditFor(user.id, 'user.status');
    expect(audit).toMatchObject({ actorId: adminId, targetType: 'user' });
    expect(audit?.data).toEqual({ before: { is_active: true }, after: { is_active: false } });

    const on = await setStatus(user.id, { is_active: true });
    expect(on.json<AdminUser>()).toMatchObject({ is_active: true });
    const again = await login(app, user.email, user.password);
    expect(again.statusCode).toBe(200);
    expect((await me(app, again.json<{ access_token: string }>().access_token)).statusCode).toBe(200);
    // Sessions ended by the deactivation stay ended: the user signs in afresh.
    expect((await refresh(app, tokens.refresh_token)).statusCode).toBe(401);
    expect((await auditFor(user.id, 'user.status')).map((row) => row.data)).toContainEqual({
      before: { is_active: false },
      after: { is_active: true },
    });
  });

  it('writes no audit row when nothing changes', async () => {
    const user = await buildUser(app);
    expect((await setStatus(user.id, { is_active: true })).statusCode).toBe(200);
    expect(await auditFor(user.id, 'user.status')).toEqual([]);
  });

  it('refuses an admin deactivating themselves, via either route', async () => {
    for (const res of [await setStatus(adminId, { is_active: false }), await update(adminId, { is_active: false })]) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).detail).toBe(ADMIN_USER_MESSAGES.cannotDeactivateSelf);
    }
    expect(await rowOf(adminId)).toMatchObject({ isActive: true });
    expect((await list({ limit: 1 })).statusCode).toBe(200);
  });

  it('lets an admin deactivate another admin, whose admin calls stop at once', async () => {
    const other = await buildUser(app, { isAdmin: true });
    const otherAuth = (await tokensFor(app, other)).auth;
    expect((await list({ limit: 1 }, otherAuth)).statusCode).toBe(200);
    expect((await setStatus(other.id, { is_active: false })).statusCode).toBe(200);
    expect((await list({ limit: 1 }, otherAuth)).statusCode).toBe(403);
  });

  it.each([[{}], [{ is_active: 'no' }]])('refuses %j with 422', async (payload) => {
    const user = await buildUser(app);
    const res = await setStatus(user.id, payload);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors?.[0]?.field).toBe('is_active');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect(errorOf(await setStatus('00000000-0000-4000-8000-000000000000', { is_active: false })).detail).toBe(
      'User not found.',
    );
    expect((await setStatus('nope', { is_active: false })).statusCode).toBe(404);
  });
});

describe('PUT /admin/users/{id}', () => {
  it('changes only the fields sent, with the sign-up rules, and audits before and after', async () => {
    const user = await buildUser(app, { coins: 7 });
    const name = `renamed_${randomBytes(3).toString('hex')}`;
    const res = await update(user.id, { username: ` ${name} `, email: ` ${name.toUpperCase()}@Example.TEST ` });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminUser>()).toMatchObject({
      id: user.id,
      username: name,
      email: `${name}@example.test`,
      is_admin: false,
      is_active: true,
      coin_balance: 7,
    });
    const [audit] = await auditFor(user.id, 'user.update');
    expect(audit).toMatchObject({ actorId: adminId });
    expect(audit?.data).toEqual({
      before: { username: user.username, email: user.email },
      after: { username: name, email: `${name}@example.test` },
    });
    expect((await login(app, `${name}@example.test`, user.password)).statusCode).toBe(200);
  });

  it('ignores fields it does not own (coins, password) and refuses a body with nothing to change', async () => {
    const user = await buildUser(app, { coins: 3 });
    const res = await update(user.id, { coin_balance: 999_999, password_hash: 'x', email_verified: false });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).detail).toBe(ADMIN_USER_MESSAGES.nothingToUpdate);
    expect(await rowOf(user.id)).toMatchObject({ coinBalance: 3 });
    expect(await auditFor(user.id, 'user.update')).toEqual([]);
  });

  it('promotes and demotes; the promoted user can use admin calls on the next request', async () => {
    const user = await buildUser(app);
    const userAuth = (await tokensFor(app, user)).auth;
    expect((await list({ limit: 1 }, userAuth)).statusCode).toBe(403);
    expect((await update(user.id, { is_admin: true })).json<AdminUser>()).toMatchObject({ is_admin: true });
    expect((await list({ limit: 1 }, userAuth)).statusCode).toBe(200);
    expect((await update(user.id, { is_admin: false })).json<AdminUser>()).toMatchObject({ is_admin: false });
    expect((await list({ limit: 1 }, userAuth)).statusCode).toBe(403);
  });

  it('refuses an admin removing their own admin flag', async () => {
    const res = await update(adminId, { is_admin: false });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).detail).toBe(ADMIN_USER_MESSAGES.cannotDemoteSelf);
    expect(await rowOf(adminId)).toMatchObject({ isAdmin: true });
  });

  it('deactivating through the update revokes the sessions too', async () => {
    const user = await buildUser(app);
    const { access, refresh: refreshToken } = await tokensFor(app, user);
    expect((await update(user.id, { is_active: false })).statusCode).toBe(200);
    expect((await me(app, access)).statusCode).toBe(403);
    expect((await refresh(app, refreshToken)).statusCode).toBe(401);
  });

  it('answers 409 with the existing messages when a username or email is taken', async () => {
    const taken = await buildUser(app);
    const user = await buildUser(app);
    const byName = await update(user.id, { username: taken.username.toUpperCase() });
    expect(byName.statusCode).toBe(409);
    expect(errorOf(byName)).toEqual({
      detail: MESSAGES.auth.usernameTaken,
      code: ERROR_CODES.conflict,
      errors: [{ field: 'username', message: MESSAGES.auth.usernameTaken }],
    });
    const byEmail = await update(user.id, { email: taken.email.toUpperCase() });
    expect(errorOf(byEmail)).toMatchObject({
      detail: MESSAGES.auth.emailTaken,
      errors: [{ field: 'email', message: MESSAGES.auth.emailTaken }],
    });
    const both = await update(user.id, { username: taken.username, email: taken.email, is_admin: true });
    expect(errorOf(both).errors?.map((e) => e.field)).toEqual(['username', 'email']);
    expect(await rowOf(user.id)).toMatchObject({ username: user.username, email: user.email, isAdmin: false });
    // Keeping one's own name (in another case) is no conflict.
    const own = await update(user.id, { username: user.username, email: user.email.toUpperCase() });
    expect(own.statusCode).toBe(200);
  });

  it('gives one of two simultaneous renames to the same name, and a 409 to the other', async () => {
    const [first, second] = [await buildUser(app), await buildUser(app)];
    const name = `race_${randomBytes(3).toString('hex')}`;
    const answers = await Promise.all([first, second].map((u) => update(u.id, { username: name })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((res) => res.statusCode === 409);
    expect(loser && errorOf(loser).errors).toEqual([{ field: 'username', message: MESSAGES.auth.usernameTaken }]);
  });

  it('changes the case of a username', async () => {
    const user = await buildUser(app, { username: `case_${randomBytes(3).toString('hex')}` });
    const res = await update(user.id, { username: user.username.toUpperCase() });
    expect(res.json<AdminUser>().username).toBe(user.username.toUpperCase());
  });

  it.each([
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ username: 'bad name' }, 'username', 'Username can only contain letters, numbers and underscores'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ is_admin: 'yes' }, 'is_admin', undefined],
  ])('refuses %j with 422 on %s', async (payload, field, message) => {
    const user = await buildUser(app);
    const res = await update(user.id, payload);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors?.[0]?.field).toBe(field);
    if (message) expect(errorOf(res).detail).toBe(message);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await update('00000000-0000-4000-8000-000000000000', { is_admin: true });
    expect(errorOf(res)).toEqual({ detail: 'User not found.', code: ERROR_CODES.notFound });
  });
});
