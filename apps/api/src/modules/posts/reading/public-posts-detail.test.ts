import type { OwnPostList, PostCardList } from '@kettle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { API } from '../../../../test/http.js';
import { buildPost, signedIn } from '../../../../test/posts-kit.js';
import { approvedPost, detailOf, getPost, getPosts, unlock } from '../../../../test/reading-kit.js';

let app: TestApp;
let author: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
let stranger: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  author = await signedIn(app);
  admin = await signedIn(app, { isAdmin: true });
  stranger = await signedIn(app, { coins: 200 });
});
afterAll(() => app.teardown());

describe('GET /api/v1/posts/{id}', () => {
  it('shows pending and rejected posts only to their author and admins', async () => {
    for (const status of ['pending', 'rejected'] as const) {
      const post = await buildPost(app, author.user.id, { status, content: 'x'.repeat(300) });
      for (const auth of [{}, stranger.auth]) {
        const res = await getPost(app, post.id, auth);
        expect(res.statusCode).toBe(404);
        expect(res.json<{ detail: string }>().detail).toBe('Post not found.');
      }
      for (const auth of [author.auth, admin.auth]) {
        const detail = detailOf(await getPost(app, post.id, auth));
        expect(detail).toMatchObject({ status, content: 'x'.repeat(300), is_locked: false, unlock_count: 0 });
      }
      expect(await getPosts(app, '?limit=100').then((r) => r.json<PostCardList>().data.map((c) => c.id))).not.toContain(
        post.id,
      );
    }
  });

  it('answers 404 for malformed and unknown ids', async () => {
    for (const id of ['nope', '123', '00000000-0000-4000-8000-000000000000', 'undefined']) {
      expect((await getPost(app, id)).statusCode, id).toBe(404);
    }
  });

  it('gives the detail fields, with unlock_count for the author and admins only', async () => {
    const post = await approvedPost(app, author.user.id, { evidenceLink: 'https://example.test/proof' });
    expect((await unlock(app, stranger.auth, post.id)).statusCode).toBe(200);
    const mine = detailOf(await getPost(app, post.id, author.auth));
    expect(mine).toMatchObject({
      id: post.id,
      status: 'approved',
      category_id: post.categoryId,
      state_id: post.stateId,
      unlock_count: 1,
      evidence_link: 'https://example.test/proof',
      images: [],
      has_user_voted: false,
      can_vote: false,
      can_report: false,
      has_reported: false,
      report_status: null,
      has_reversal: false,
      original_post_id: null,
    });
    expect(detailOf(await getPost(app, post.id, admin.auth)).unlock_count).toBe(1);
    expect(detailOf(await getPost(app, post.id, stranger.auth))).toMatchObject({
      unlock_count: null,
      is_locked: false,
    });
    expect(detailOf(await getPost(app, post.id))).toMatchObject({ unlock_count: null, is_locked: true });
  });
});

describe('reversal links', () => {
  it('links an original and its approved reversal both ways', async () => {
    const original = await approvedPost(app, author.user.id);
    const reversal = await approvedPost(app, stranger.user.id, { originalPostId: original.id });
    const detail = detailOf(await getPost(app, original.id));
    expect(detail).toMatchObject({ has_reversal: true });
    expect(detail).not.toHaveProperty('reversal_id');
    const shown = detailOf(await getPost(app, original.id, {}, '/reversal'));
    expect(shown).toMatchObject({ id: reversal.id, original_post_id: original.id, has_reversal: false });
    const cards = (await getPosts(app, '?limit=100')).json<PostCardList>().data;
    expect(cards.find((card) => card.id === original.id)).toMatchObject({ has_reversal: true });
    expect(cards.find((card) => card.id === reversal.id)).toMatchObject({ original_post_id: original.id });
  });

  it('shows a pending reversal only to its author and admins, and 404 when there is none', async () => {
    const original = await approvedPost(app, author.user.id);
    expect((await getPost(app, original.id, {}, '/reversal')).statusCode).toBe(404);
    const pending = await buildPost(app, stranger.user.id, { originalPostId: original.id, status: 'pending' });
    expect((await getPost(app, original.id, {}, '/reversal')).statusCode).toBe(404);
    expect((await getPost(app, original.id, author.auth, '/reversal')).statusCode).toBe(404);
    expect(detailOf(await getPost(app, original.id, stranger.auth, '/reversal')).id).toBe(pending.id);
    expect(detailOf(await getPost(app, original.id, admin.auth, '/reversal')).status).toBe('pending');
    expect(detailOf(await getPost(app, original.id)).has_reversal).toBe(false);
    expect((await getPost(app, 'not-an-id', {}, '/reversal')).statusCode).toBe(404);
  });
});

describe('routing beside /posts/{id}', () => {
  it('still answers /posts/me and /posts/admin/all as before', async () => {
    await buildPost(app, author.user.id);
    const me = await app.inject({ method: 'GET', url: `${API}/posts/me`, headers: author.auth });
    expect(me.statusCode).toBe(200);
    expect(me.json<OwnPostList>().data.length).toBeGreaterThan(0);
    expect((await app.inject({ method: 'GET', url: `${API}/posts/me` })).statusCode).toBe(401);
    const all = await app.inject({ method: 'GET', url: `${API}/posts/admin/all`, headers: admin.auth });
    expect(all.statusCode).toBe(200);
    expect(all.json<OwnPostList>().metadata.total_elements).toBeGreaterThan(0);
    expect(
      (await app.inject({ method: 'GET', url: `${API}/posts/admin/all`, headers: stranger.auth })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: `${API}/posts` })).statusCode).toBe(200);
  });
});
