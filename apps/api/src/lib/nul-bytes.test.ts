import { ERROR_CODES, INPUT_MESSAGES } from '@kettle/shared';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { API, errorOf, FORM, loginForm, newSignup } from '../../test/http.js';
import { refs, signedIn, submitMultipart, teaBody, type Auth } from '../../test/posts-kit.js';
import { categories, comments, companies, contactMessages, posts, reports, states, users } from '../db/schema.js';
import { approvedPost } from '../../test/reading-kit.js';
import { takedownBody } from '../../test/reports-kit.js';

/** PostgreSQL refuses U+0000 in text; the API must refuse it first, as a field error. */
const NUL = '\u0000';
const TABLES = { categories, comments, companies, contactMessages, posts, reports, states, users };

let app: TestApp;
let user: { id: string; username: string; auth: Auth };
let admin: Auth;
let postId: string;
let categoryId: string;
let ref: { categoryId: string; stateId: string };

beforeAll(async () => {
  app = await createTestApp();
  const signed = await signedIn(app, { coins: 500 });
  user = { id: signed.user.id, username: signed.user.username, auth: signed.auth };
  admin = (await signedIn(app, { isAdmin: true })).auth;
  ref = await refs(app);
  categoryId = ref.categoryId;
  const author = await signedIn(app);
  postId = (await approvedPost(app, author.user.id)).id;
  const res = await app.inject({ method: 'POST', url: `${API}/posts/${postId}/unlock`, headers: user.auth });
  expect(res.statusCode).toBe(200);
});
afterAll(() => app.teardown());

async function snapshot(): Promise<Record<string, unknown>> {
  const counts: Record<string, unknown> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await app.ctx.db.select({ n: count() }).from(table);
    counts[name] = row?.n;
  }
  const [me] = await app.ctx.db.select({ username: users.username }).from(users).where(eq(users.id, user.id));
  counts.username = me?.username;
  return counts;
}

type Case = { name: string; field: string; send: () => Promise<LightMyRequestResponse> };
const json = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object, headers: Auth = {}) =>
  app.inject({ method, url: `${API}${url}`, payload, headers, remoteAddress: nextIp() });

const cases: Case[] = [
  {
    name: 'search query',
    field: 'search',
    send: () => app.inject({ method: 'GET', url: `${API}/posts/?search=tea%00pot` }),
  },
  {
    name: 'register',
    field: 'username',
    send: () => json('POST', '/auth/register', newSignup({ username: `nul${NUL}user` })),
  },
  {
    name: 'login (form encoded)',
    field: 'password',
    send: () =>
      app.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        payload: loginForm('someone@example.test', `Secret${NUL}1`),
        headers: FORM,
        remoteAddress: nextIp(),
      }),
  },
  {
    name: 'post (JSON)',
    field: 'content',
    send: () =>
      json('POST', '/posts/', teaBody(ref, { content: `A long enough tea body ${NUL} with a NUL.` }), user.auth),
  },
  {
    name: 'post (multipart)',
    field: 'title',
    send: () => submitMultipart(app, user.auth, teaBody(ref, { title: `Title ${NUL} here` }), []),
  },
  {
    name: 'comment',
    field: 'content',
    send: () => json('POST', `/posts/${postId}/comments`, { content: `hello${NUL}` }, user.auth),
  },
  {
    name: 'report',
    field: 'description',
    send: () => json('POST', `/posts/${postId}/report`, { reason: 'spam', description: `bad${NUL}` }, user.auth),
  },
  {
    name: 'takedown request',
    field: 'description',
    send: () =>
      json('POST', '/moderation/requests', takedownBody({ description: `Please remove my number ${NUL} now.` })),
  },
  {
    name: 'contact',
    field: 'message',
    send: () =>
      json('POST', '/auth/send-contact-email', {
        fullname: 'Ada Lovelace',
        email: 'ada@example.test',
        subject: 'Hello there',
        message: `A message with a ${NUL} inside it.`,
      }),
  },
  {
    name: 'profile update',
    field: 'username',
    send: () => json('PATCH', '/user/profile', { username: `re${NUL}named` }, user.auth),
  },
  {
    name: 'company profile',
    field: 'name',
    send: () => json('POST', '/company/', { name: `Acme${NUL}`, handle: '@acme_nul' }, user.auth),
  },
  {
    name: 'category admin (create)',
    field: 'description',
    send: () =>
      json('POST', '/categories/admin/', { name: 'Nul Category', description: `Described ${NUL} here.` }, admin),
  },
  {
    name: 'category admin (update)',
    field: 'name',
    send: () =>
      json(
        'PUT',
        `/categories/admin/${categoryId}`,
        { name: `Re${NUL}named`, description: 'A fine description.' },
        admin,
      ),
  },
  {
    name: 'an enum field (the NUL rule speaks first)',
    field: 'reason',
    send: () => json('POST', `/comments/${postId}/report`, { reason: `spam${NUL}` }, user.auth),
  },
];

describe('a NUL byte in any text is a 422 naming the field, and nothing is written', () => {
  it.each(cases)('$name', async ({ field, send }) => {
    const before = await snapshot();
    const res = await send();
    expect(res.statusCode, res.body).toBe(422);
    const body = errorOf(res);
    expect(body.code).toBe(ERROR_CODES.validation);
    expect(body.detail).toBe(INPUT_MESSAGES.nulByte);
    expect(body.errors).toEqual([{ field, message: INPUT_MESSAGES.nulByte }]);
    expect(await snapshot()).toEqual(before);
  });

  it('a NUL byte in a path parameter is refused the same way', async () => {
    const param = await app.inject({ method: 'GET', url: `${API}/categories/x%00y` });
    expect(param.statusCode).toBe(422);
    expect(errorOf(param).errors).toEqual([{ field: 'id', message: INPUT_MESSAGES.nulByte }]);
  });
});
