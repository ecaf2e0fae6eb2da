import type { MyPostList } from '@kettle/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { categories, states } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import {
  buildPost,
  expectInvariants,
  pngFile,
  refs,
  signedIn,
  submitMultipart,
  teaBody,
  type Auth,
} from '../../../test/posts-kit.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

const myPosts = (auth: Auth, query = '') =>
  app.inject({ method: 'GET', url: `${API}/posts/me${query}`, headers: auth });
const listOf = async (auth: Auth, query = '') => (await myPosts(auth, query)).json<MyPostList>();
const idsOf = async (auth: Auth, query = '') => (await listOf(auth, query)).data.map((post) => post.id);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

function twoIds(rows: Array<{ id: string }>) {
  const [first, second] = rows;
  if (!first || !second) throw new Error('need two seeded rows');
  return [first.id, second.id] as const;
}

describe('GET /api/v1/posts/me', () => {
  it('answers 401 to a visitor', async () => {
    expect((await myPosts({})).statusCode).toBe(401);
  });

  it("lists only the caller's posts, newest first, with the total and unlock_count 0", async () => {
    const { user, auth } = await signedIn(app);
    const other = await signedIn(app);
    const older = await buildPost(app, user.id, { createdAt: minutesAgo(30) });
    const newer = await buildPost(app, user.id, { createdAt: minutesAgo(5), status: 'approved' });
    await buildPost(app, other.user.id, { createdAt: minutesAgo(1) });

    const res = await myPosts(auth);
    expect(res.statusCode).toBe(200);
    const body = res.json<MyPostList>();
    expect(body.data.map((post) => post.id)).toEqual([newer.id, older.id]);
    expect(body.metadata).toEqual({ total_elements: 2, skip: 0, limit: 10 });
    expect(
      body.data.every(
        (post) => post.unlock_count === 0 && post.author_username === user.username && post.author_id === user.id,
      ),
    ).toBe(true);
    expect(await idsOf(other.auth)).toHaveLength(1);
  });

  it('pages with skip and limit while the total counts every match', async () => {
    const { user, auth } = await signedIn(app);
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await buildPost(app, user.id, { createdAt: minutesAgo(50 - i) }));
    const newestFirst = made.map((post) => post.id).reverse();

    const page = await listOf(auth, '?skip=2&limit=2');
    expect(page.data.map((post) => post.id)).toEqual(newestFirst.slice(2, 4));
    expect(page.metadata).toEqual({ total_elements: 5, skip: 2, limit: 2 });
    expect((await listOf(auth, '?skip=4&limit=2')).data.map((post) => post.id)).toEqual(newestFirst.slice(4));
    expect((await listOf(auth, '?skip=10')).data).toEqual([]);
  });

  it('rejects out-of-range paging and unknown statuses with 422', async () => {
    const { auth } = await signedIn(app);
    for (const query of ['?limit=0', '?limit=101', '?skip=-1', '?status=deleted', '?category_id=nope']) {
      expect((await myPosts(auth, query)).statusCode, query).toBe(422);
    }
  });

  it('filters by category, state and status', async () => {
    const { user, auth } = await signedIn(app);
    const [catA, catB] = twoIds(await app.ctx.db.select({ id: categories.id }).from(categories).limit(2));
    const [stateA, stateB] = twoIds(await app.ctx.db.select({ id: states.id }).from(states).limit(2));
    const a = await buildPost(app, user.id, { categoryId: catA, stateId: stateA, createdAt: minutesAgo(3) });
    const b = await buildPost(app, user.id, { categoryId: catB, stateId: stateA, status: 'approved' });
    const c = await buildPost(app, user.id, { categoryId: catB, stateId: stateB, status: 'rejected' });

    expect(await idsOf(auth, `?category_id=${catA}`)).toEqual([a.id]);
    expect((await idsOf(auth, `?category_id=${catB}`)).sort()).toEqual([b.id, c.id].sort());
    expect((await idsOf(auth, `?state_id=${stateB}`)).sort()).toEqual([c.id]);
    expect(await idsOf(auth, '?status=approved')).toEqual([b.id]);
    expect(await idsOf(auth, '?status=pending')).toEqual([a.id]);
    expect(await idsOf(auth, `?category_id=${catB}&state_id=${stateA}`)).toEqual([b.id]);
    const none = await listOf(auth, `?category_id=${catA}&status=rejected`);
    expect(none).toEqual({ data: [], metadata: { total_elements: 0, skip: 0, limit: 10 } });
  });

  it('searches title, content and handle, case-insensitively and literally', async () => {
    const { user, auth } = await signedIn(app);
    const other = await signedIn(app);
    const t = await buildPost(app, user.id, { title: 'Kombucha at the office', createdAt: minutesAgo(3) });
    const c = await buildPost(app, user.id, {
      content: 'A long story about KOMBUCHA and regret.',
      createdAt: minutesAgo(2),
    });
    const h = await buildPost(app, user.id, { taggedHandle: '@kombucha_queen', createdAt: minutesAgo(1) });
    await buildPost(app, user.id, { title: 'Literal 100%_ match' });
    await buildPost(app, other.user.id, { title: 'Kombucha elsewhere' });

    expect(await idsOf(auth, '?search=kombucha')).toEqual([h.id, c.id, t.id]);
    expect(await idsOf(auth, `?search=${encodeURIComponent('@kombucha')}`)).toEqual([h.id]);
    expect((await listOf(auth, `?search=${encodeURIComponent('%')}`)).metadata.total_elements).toBe(1);
    expect((await listOf(auth, '?search=kombucha&status=approved')).metadata.total_elements).toBe(0);
  });

  it("carries a rejected post's reason and an own post's image URLs", async () => {
    const { user, auth } = await signedIn(app, { coins: 25 });
    const created = await submitMultipart(app, auth, teaBody(await refs(app)), [await pngFile()]);
    expect(created.statusCode).toBe(201);
    const rejected = await buildPost(app, user.id, { status: 'rejected', rejectionReason: 'Names a private person' });

    const { data } = await listOf(auth);
    const withImage = data.find((post) => post.id === created.json<{ id: string }>().id);
    expect(withImage?.image_urls).toHaveLength(1);
    expect(withImage?.image_urls[0]).toMatch(/^\/uploads\/.+\.webp\?exp=\d+&sig=/);
    expect(withImage?.images[0]?.image_url).toBe(withImage?.image_urls[0]);
    const reason = data.find((post) => post.id === rejected.id);
    expect(reason).toMatchObject({ status: 'rejected', rejection_reason: 'Names a private person' });
  });

  it('is not taken for a post id by the /:id routes', async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const res = await myPosts(admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json<MyPostList>().metadata.total_elements).toBe(0);
  });
});
