import { ERROR_CODES, MESSAGES } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { base64url, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, nextIp, tokensFor } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, bearer, errorOf, me, type CurrentUserBody } from '../../../test/http.js';
import { lastMailTo, linkToken } from '../../../test/mailbox.js';
import { users } from '../../db/schema.js';
import type { UserRow } from '../../db/rows.js';

const SECRET = 'access-token-tests-known-secret-0123456789';
const KEY = new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);

let app: TestApp;
let victim: UserRow;
beforeAll(async () => {
  app = await createTestApp({ env: { JWT_SECRET: SECRET } });
  victim = await buildUser(app);
});
afterAll(async () => {
  await app.teardown();
});

/** Five protected routes (security.md A1), each called the way a client would. */
const PROTECTED: Array<{ name: string; method: 'GET' | 'PATCH' | 'POST'; url: string; payload?: object }> = [
  { name: 'GET /auth/me', method: 'GET', url: `${API}/auth/me` },
  { name: 'GET /user/profile', method: 'GET', url: `${API}/user/profile` },
  { name: 'PATCH /user/profile', method: 'PATCH', url: `${API}/user/profile`, payload: { username: 'hijacked_name' } },
  {
    name: 'POST /auth/check-password',
    method: 'POST',
    url: `${API}/auth/check-password`,
    payload: { password: 'anything' },
  },
  {
    name: 'POST /auth/update-password',
    method: 'POST',
    url: `${API}/auth/update-password`,
    payload: { current_password: 'x', new_password: 'Hijack-Pass99' },
  },
];

/** Open to visitors; a token sent is checked, and its account read with the page's unlocks. */
const SIGNED_IN_LIST = { name: 'GET /posts (signed-in list)', method: 'GET', url: `${API}/posts/` } as const;

const call = (
  route: { method: 'GET' | 'PATCH' | 'POST'; url: string; payload?: object },
  headers: Record<string, string>,
) => app.inject({ method: route.method, url: route.url, payload: route.payload, headers, remoteAddress: nextIp() });

const claims = (extra: JWTPayload = {}): JWTPayload => ({
  typ: 'access',
  admin: false,
  sub: victim.id,
  iss: 'kettle',
  aud: 'kettle-api',
  iat: now(),
  exp: now() + 600,
  ...extra,
});
const sign = (payload: JWTPayload, key: Uint8Array = KEY, alg = 'HS256') =>
  new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
const enc = (value: object) => base64url.encode(JSON.stringify(value));

/** Every forged or misused token the plan lists; each must be refused with 401 on every route. */
async function forgedTokens(): Promise<Array<[string, Record<string, string>]>> {
  const good = await sign(claims());
  const [header, , signature] = good.split('.');
  const attacker = await generateKeyPair('RS256');
  const attackerJwk = await exportJWK(attacker.publicKey);
  const { refresh } = await tokensFor(app, victim);
  const verifyUser = await buildUser(app, { verified: false });
  await app.inject({
    method: 'POST',
    url: `${API}/auth/resend-verification?email=${encodeURIComponent(verifyUser.email)}`,
    remoteAddress: nextIp(),
  });
  const emailToken = linkToken((await lastMailTo(app, verifyUser.email))?.text ?? '', '/auth/verify-email/');
  return [
    ['no Authorization header', {}],
    ['Bearer garbage', { authorization: 'Bearer garbage' }],
    ['a Basic scheme', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
    ['alg none, empty signature', { authorization: `Bearer ${enc({ alg: 'none', typ: 'JWT' })}.${enc(claims())}.` }],
    ['stripped signature', { authorization: `Bearer ${header}.${enc(claims())}.` }],
    [
      'another secret',
      {
        authorization: `Bearer ${await sign(claims(), new TextEncoder().encode('some-other-secret-of-32-characters!!'))}`,
      },
    ],
    [
      'payload edited to admin:true',
      { authorization: `Bearer ${header}.${enc(claims({ admin: true }))}.${signature}` },
    ],
    ['expired 1 s ago', { authorization: `Bearer ${await sign(claims({ iat: now() - 901, exp: now() - 1 }))}` }],
    ['nbf 60 s ahead', { authorization: `Bearer ${await sign(claims({ nbf: now() + 60 }))}` }],
    ['wrong iss', { authorization: `Bearer ${await sign(claims({ iss: 'evil' }))}` }],
    ['wrong aud', { authorization: `Bearer ${await sign(claims({ aud: 'other-api' }))}` }],
    ['typ refresh', { authorization: `Bearer ${await sign(claims({ typ: 'refresh' }))}` }],
    ['no typ', { authorization: `Bearer ${await sign(claims({ typ: undefined }))}` }],
    ['no sub', { authorization: `Bearer ${await sign(claims({ sub: undefined }))}` }],
    // Signed with the right secret, but naming no account id: the database would refuse the value.
    ['sub not a UUID', { authorization: `Bearer ${await sign(claims({ sub: 'not-a-uuid' }))}` }],
    ['sub a UUID with more', { authorization: `Bearer ${await sign(claims({ sub: `${victim.id}x` }))}` }],
    ['HS512 with the right secret', { authorization: `Bearer ${await sign(claims(), KEY, 'HS512')}` }],
    [
      'RS256 with an embedded attacker jwk',
      {
        authorization: `Bearer ${await new SignJWT(claims()).setProtectedHeader({ alg: 'RS256', jwk: attackerJwk }).sign(attacker.privateKey)}`,
      },
    ],
    [
      'HS256 with a kid/jku pointing elsewhere',
      {
        authorization: `Bearer ${await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', kid: '../../dev/null', jku: 'http://evil.test/jwks' }).sign(new TextEncoder().encode('attacker-chosen-secret-0123456789abc'))}`,
      },
    ],
    ['a refresh token as bearer', { authorization: `Bearer ${refresh}` }],
    ['an email verification token as bearer', { authorization: `Bearer ${emailToken}` }],
  ];
}

describe('access token tamper matrix (security.md A1)', () => {
  it('accepts a genuine hand-signed token (control)', async () => {
    const token = await sign(claims());
    for (const route of PROTECTED.slice(0, 2)) expect((await call(route, bearer(token))).statusCode).toBe(200);
  });

  it('refuses every forged or misused token with 401 on all five routes', async () => {
    const matrix = await forgedTokens();
    expect(matrix.length).toBeGreaterThanOrEqual(12);
    const accepted: string[] = [];
    for (const [name, headers] of matrix) {
      for (const route of PROTECTED) {
        const res = await call(route, headers);
        if (res.statusCode !== 401) accepted.push(`${name} on ${route.name}: ${res.statusCode}`);
        else
          expect(errorOf(res)).toEqual({
            detail: 'Authentication required. Please login again.',
            code: ERROR_CODES.unauthorized,
          });
      }
    }
    expect(accepted).toEqual([]);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, victim.id));
    expect(row?.username).toBe(victim.username);
    expect(row?.passwordHash).toBe(victim.passwordHash);
  });
});

describe('spends, which check the token alone before their statement reads the account', () => {
  const spend = {
    name: 'POST /posts/{id}/vote',
    method: 'POST',
    url: `${API}/posts/${crypto.randomUUID()}/vote`,
  } as const;

  it('refuse every forged or misused token with 401, and answer a genuine one checked before as the first time', async () => {
    const accepted: string[] = [];
    for (const [name, headers] of await forgedTokens()) {
      const res = await call(spend, headers);
      if (res.statusCode !== 401) accepted.push(`${name}: ${res.statusCode}`);
    }
    expect(accepted).toEqual([]);
    const token = await sign(claims());
    // No such tea: past the token, the statement answers 404, first from the check, then from memory.
    for (let time = 0; time < 2; time += 1) expect((await call(spend, bearer(token))).statusCode).toBe(404);
  });
});

describe('the database, not the token, decides', () => {
  it('a token of a user deactivated after issue answers 403 on its very next call', async () => {
    const user = await buildUser(app);
    const { auth } = await tokensFor(app, user);
    expect((await call(PROTECTED[0] ?? { name: '', method: 'GET', url: '' }, auth)).statusCode).toBe(200);
    await app.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    for (const route of PROTECTED) {
      const res = await call(route, auth);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({ detail: MESSAGES.auth.inactive, code: ERROR_CODES.accountInactive });
    }
  });

  it('a token of a deleted user answers 401', async () => {
    const user = await buildUser(app);
    const { access } = await tokensFor(app, user);
    expect((await me(app, access)).statusCode).toBe(200);
    await app.ctx.db.delete(users).where(eq(users.id, user.id));
    for (const route of [...PROTECTED.filter((each) => each.method === 'GET'), SIGNED_IN_LIST]) {
      const res = await call(route, bearer(access));
      expect(res.statusCode, route.name).toBe(401);
      expect(errorOf(res).code).toBe(ERROR_CODES.unauthorized);
    }
  });

  it("refuses a token sent to the visitors' list as the signed-in routes do: forged 401, deactivated 403", async () => {
    const user = await buildUser(app);
    const { access, auth } = await tokensFor(app, user);
    expect((await call(SIGNED_IN_LIST, {})).statusCode).toBe(200);
    expect((await call(SIGNED_IN_LIST, auth)).statusCode).toBe(200);
    const [header, payload] = access.split('.');
    const forged = await call(SIGNED_IN_LIST, bearer(`${header}.${payload}.${base64url.encode('forged')}`));
    expect(forged.statusCode).toBe(401);
    await app.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const res = await call(SIGNED_IN_LIST, auth);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({ detail: MESSAGES.auth.inactive, code: ERROR_CODES.accountInactive });
  });

  it('a demoted admin keeps no admin powers from an old token that says admin:true', async () => {
    const admin = await buildUser(app, { isAdmin: true });
    const { access } = await tokensFor(app, admin);
    expect((await me(app, access)).json<CurrentUserBody>().is_admin).toBe(true);
    await app.ctx.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
    const res = await me(app, access);
    expect(res.statusCode).toBe(200);
    expect(res.json<CurrentUserBody>().is_admin).toBe(false);
  });

  it('a token minted with admin:true for a plain user does not make it an admin', async () => {
    const token = await sign(claims({ admin: true }));
    expect((await me(app, token)).json<CurrentUserBody>().is_admin).toBe(false);
  });
});
