import { randomUUID } from 'node:crypto';
import { ERROR_CODES, MESSAGES, POST_MESSAGES, type OwnPostList, type PostStatus } from '@kettle/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { API, errorOf } from '../../../../test/http.js';
import { auditOf, buildPost, expectInvariants, postOf, signedIn } from '../../../../test/posts-kit.js';

let app: TestApp;
let headers: Record<'visitor' | 'user' | 'admin', Record<string, string>>;
let authorId: string;
beforeAll(async () => {
  app = await createTestApp();
  const admin = await signedIn(app, { isAdmin: true });
  const user = await signedIn(app);
  authorId = user.user.id;
  headers = { visitor: {}, user: user.auth, admin: admin.auth };
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

type Method = 'GET' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: keyof typeof headers, payload?: object) =>
  app.inject({ method, url: `${API}/posts${url}`, headers: headers[who], ...(payload ? { payload } : {}) });

describe('admin post routes: access', () => {
  const routes: Array<[Method, (id: string) => string, object | undefined, number]> = [
    ['GET', () => '/admin/all', undefined, 200],
    ['GET', (id) => `/admin/${id}`, undefined, 200],
    ['PUT', (id) => `/admin/${id}`, { status: 'pending', unlock_price: 45 }, 200],
    ['PUT', (id) => `/admin/${id}/status`, { status: 'approved' }, 200],
    ['DELETE', (id) => `/${id}`, undefined, 204],
  ];
  it.each(routes)('%s %s: visitor 401, user 403, admin ok', async (method, url, payload, ok) => {
    const post = await buildPost(app, authorId);
    expect((await call(method, url(post.id), 'visitor', payload)).statusCode).toBe(401);
    const denied = await call(method, url(post.id), 'user', payload);
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).code).toBe(ERROR_CODES.forbidden);
    expect((await call(method, url(post.id), 'admin', payload)).statusCode).toBe(ok);
  });

  it('answers 404 "Post not found." for unknown and malformed ids', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      for (const [method, url, payload] of [
        ['GET', `/admin/${id}`, undefined],
        ['PUT', `/admin/${id}`, { status: 'approved' }],
        ['PUT', `/admin/${id}/status`, { status: 'approved' }],
        ['DELETE', `/${id}`, undefined],
      ] as const) {
        const res = await call(method, url, 'admin', payload);
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).detail).toBe(MESSAGES.notFound.post);
      }
    }
  });
});

describe('GET /api/v1/posts/admin/all', () => {
  it('filters by status and searches title, content and handle, newest or oldest first', async () => {
    const { user } = await signedIn(app);
    const a = await buildPost(app, user.id, { title: 'Zebra stripes at brunch', status: 'approved' });
    const b = await buildPost(app, user.id, { content: 'The zebra crossing incident, in full detail.' });
    const c = await buildPost(app, user.id, { taggedHandle: '@zebra_fan', status: 'rejected' });
    await buildPost(app, user.id, { title: 'Literal 100%_ match' });
    const list = async (query: string) => (await call('GET', `/admin/all?${query}`, 'admin')).json<OwnPostList>();

    const all = await list('search=ZEBRA');
    expect(all.data.map((p) => p.id)).toEqual([c.id, b.id, a.id]);
    expect(all.metadata).toEqual({ total_elements: 3, skip: 0, limit: 10 });
    expect((await list('search=zebra&order=oldest')).data.map((p) => p.id)).toEqual([a.id, b.id, c.id]);
    expect((await list('search=zebra&status=approved')).data.map((p) => p.id)).toEqual([a.id]);
    expect((await list('search=%40zebra')).data.map((p) => p.id)).toEqual([c.id]);
    const page = await list('search=zebra&skip=1&limit=1');
    expect(page.data.map((p) => p.id)).toEqual([b.id]);
    expect(page.metadata).toEqual({ total_elements: 3, skip: 1, limit: 1 });
    // % and _ are literal characters, not wildcards.
    expect((await list(`search=${encodeURIComponent('0%_')}`)).metadata.total_elements).toBe(1);
    expect((await list(`search=${encodeURIComponent('%')}`)).metadata.total_elements).toBe(1);
  });

  it('lists every field of a post, with the category and state', async () => {
    const { user } = await signedIn(app);
    const post = await buildPost(app, user.id);
    const res = await call('GET', `/admin/${post.id}`, 'admin');
    expect(res.statusCode).toBe(200);
    const body = postOf(res);
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'title',
        'content',
        'tagged_handle',
        'category_id',
        'state_id',
        'category',
        'state',
        'status',
        'rejection_reason',
        'unlock_price',
        'bounty',
        'evidence_link',
        'original_post_id',
        'author_id',
        'author_username',
        'vote_count',
        'image_urls',
        'images',
        'created_at',
        'updated_at',
        'privacy',
      ].sort(),
    );
    expect(body.category_id).toBe(post.categoryId);
    expect(body.state_id).toBe(post.stateId);
    expect(Object.keys(body.category)).toEqual(['name']);
    expect(Object.keys(body.state)).toEqual(['name']);
    expect(body.author_username).toBe(user.username);
    expect(body.author_id).toBe(user.id);
    // The privacy guard found nothing in a tea the tests wrote straight into the table.
    expect(body.privacy).toBeNull();
  });
});

describe('PUT /api/v1/posts/admin/{id}', () => {
  it('edits fields, sets any status and records the change', async () => {
    const post = await buildPost(app, authorId, { status: 'rejected' });
    const res = await call('PUT', `/admin/${post.id}`, 'admin', {
      title: 'A better title',
      status: 'pending',
      unlock_price: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(postOf(res)).toMatchObject({ title: 'A better title', status: 'pending', unlock_price: 0 });
    const [audit] = await auditOf(app, post.id);
    expect(audit).toMatchObject({
      action: 'post.update',
      targetType: 'post',
      data: {
        before: { title: post.title, status: 'rejected', unlock_price: 40 },
        after: { title: 'A better title', status: 'pending', unlock_price: 0 },
      },
    });
  });

  const invalid: Array<[string, object, string, string]> = [
    ['negative price', { status: 'approved', unlock_price: -1 }, 'unlock_price', 'Unlock price must be non-negative'],
    ['fractional price', { status: 'approved', unlock_price: 1.5 }, 'unlock_price', 'Unlock price must be an integer'],
    ['missing status', { title: 'Fine title' }, 'status', 'Status is required'],
    ['unknown status', { status: 'published' }, 'status', 'Status is required'],
    ['short title', { status: 'approved', title: 'Tea' }, 'title', 'Title must be at least 5 characters'],
    ['unknown category', { status: 'approved', category_id: randomUUID() }, 'category_id', 'Invalid category ID'],
  ];
  it.each(invalid)('answers 422 for a %s', async (_name, payload, field, message) => {
    const post = await buildPost(app, authorId);
    const res = await call('PUT', `/admin/${post.id}`, 'admin', payload);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors).toContainEqual({ field, message });
  });
});

describe('PUT /api/v1/posts/admin/{id}/status', () => {
  const allowed: Array<[PostStatus, PostStatus]> = [
    ['pending', 'approved'],
    ['pending', 'rejected'],
    ['approved', 'rejected'],
    ['rejected', 'approved'],
  ];
  it.each(allowed)('allows %s -> %s', async (from, to) => {
    const post = await buildPost(app, authorId, { status: from });
    const res = await call('PUT', `/admin/${post.id}/status`, 'admin', { status: to });
    expect(res.statusCode).toBe(200);
    expect(postOf(res).status).toBe(to);
    const [audit] = await auditOf(app, post.id);
    expect(audit).toMatchObject({
      action: to === 'approved' ? 'post.approve' : 'post.reject',
      data: { before: { status: from }, after: { status: to } },
    });
  });

  const refused: Array<[PostStatus, PostStatus]> = [
    ['pending', 'pending'],
    ['approved', 'approved'],
    ['approved', 'pending'],
    ['rejected', 'rejected'],
    ['rejected', 'pending'],
  ];
  it.each(refused)('refuses %s -> %s with 409', async (from, to) => {
    const post = await buildPost(app, authorId, { status: from });
    const res = await call('PUT', `/admin/${post.id}/status`, 'admin', { status: to });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).detail).toBe(POST_MESSAGES.invalidTransition(from, to));
    expect(await auditOf(app, post.id)).toHaveLength(0);
  });

  it('refuses to approve a second live reversal of one original (409)', async () => {
    const original = await buildPost(app, authorId, { status: 'approved' });
    await buildPost(app, authorId, { originalPostId: original.id, status: 'approved' });
    const second = await buildPost(app, authorId, { originalPostId: original.id, status: 'rejected' });
    const res = await call('PUT', `/admin/${second.id}/status`, 'admin', { status: 'approved' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).detail).toBe(POST_MESSAGES.reversalExists);
  });
});
