import type { OwnPost, PostCardList, PostDetail, UnlockResponse } from '@kettle/shared';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { API } from '../../../../test/http.js';
import {
  expectInvariants,
  jpegFile,
  pngFile,
  postOf,
  refs,
  signedIn,
  submitMultipart,
  teaBody,
  type Auth,
} from '../../../../test/posts-kit.js';
import { postImages } from '../../../db/schema.js';
import { imageUrl, SIGNED_URL_TTL_SECONDS } from '../../../lib/images/image-urls.js';
import { newStorageKey, processImage } from '../../../lib/images/process-image.js';
import { backfillImagePreviews } from '../../../sweeps/image-previews.js';
import { getPost, getPosts, unlock } from '../../../../test/reading-kit.js';

// Issue 10, item 2: photos are part of what unlocking buys (decisions 'Privacy').
let app: TestApp;
let ref: { categoryId: string; stateId: string };
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp({ build: { sweeps: false } });
  ref = await refs(app);
  admin = await signedIn(app, { isAdmin: true });
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

const imageRowsOf = (postId: string) =>
  app.ctx.db.select().from(postImages).where(eq(postImages.postId, postId)).orderBy(asc(postImages.position));

const setStatus = (id: string, status: 'approved' | 'rejected') =>
  app.inject({ method: 'PUT', url: `${API}/posts/admin/${id}/status`, headers: admin.auth, payload: { status } });

/** A tea with two photos, submitted and approved through the API; `path` makes it a reversal. */
async function publishedWithPhotos(extra: Record<string, unknown> = {}, path = '/posts/') {
  const author = await signedIn(app, { coins: 25 });
  const res = await submitMultipart(
    app,
    author.auth,
    teaBody(ref, extra),
    [await pngFile(300, 200), await jpegFile(90, 160)],
    path,
  );
  expect(res.statusCode).toBe(201);
  const post = postOf(res);
  expect((await setStatus(post.id, 'approved')).statusCode).toBe(200);
  const rows = await imageRowsOf(post.id);
  expect(rows).toHaveLength(2);
  return { author, post, rows };
}

/** Every full-size storage key in the database: none may appear anywhere in a locked reader's answer. */
async function allFullKeys(): Promise<string[]> {
  return (await app.ctx.db.select({ key: postImages.storageKey }).from(postImages)).map((row) => row.key);
}

async function expectNoFullKey(body: string) {
  for (const key of await allFullKeys()) expect(body).not.toContain(key);
}

const fetchImage = (url: string) => app.inject({ method: 'GET', url });

describe('a reader who has not unlocked the post', () => {
  it('gets only previews in cards, detail and the reversal page; visitors and signed-in users alike', async () => {
    const { post, rows } = await publishedWithPhotos();
    const reversal = await publishedWithPhotos({ original_post_id: post.id }, '/posts/reversal');
    const stranger = await signedIn(app, { coins: 100 });
    for (const auth of [{}, stranger.auth] as Auth[]) {
      const list = await getPosts(app, '?limit=100', auth);
      const detail = await getPost(app, post.id, auth);
      const reversalPage = await getPost(app, post.id, auth, '/reversal');
      for (const res of [list, detail, reversalPage]) {
        expect(res.statusCode).toBe(200);
        await expectNoFullKey(res.body);
      }
      const previews = rows.map((row) => `/uploads/${row.previewKey}.webp`);
      const card = list.json<PostCardList>().data.find((c) => c.id === post.id);
      expect(card).toMatchObject({ is_locked: true, image_urls: previews });
      expect(detail.json<PostDetail>()).toMatchObject({
        is_locked: true,
        image_urls: previews,
        images: rows.map((row, i) => ({ id: row.id, image_url: previews[i] })),
      });
      expect(reversalPage.json<PostDetail>()).toMatchObject({
        id: reversal.post.id,
        is_locked: true,
        image_urls: reversal.rows.map((row) => `/uploads/${row.previewKey}.webp`),
      });
    }
  });

  it('is served a blurred preview of at most 64 px, public and cacheable', async () => {
    const { post } = await publishedWithPhotos();
    const detail = (await getPost(app, post.id)).json<PostDetail>();
    for (const url of detail.image_urls) {
      const res = await fetchImage(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width ?? 999, meta.height ?? 999)).toBeLessThanOrEqual(64);
    }
  });

  it('cannot fetch a full image of an approved post without a signature, nor with an expired one', async () => {
    const { rows } = await publishedWithPhotos();
    for (const row of rows) {
      const plain = await fetchImage(`/uploads/${row.storageKey}.webp`);
      expect(plain.statusCode).toBe(404);
      const past = new Date(Date.now() - (SIGNED_URL_TTL_SECONDS + 1000) * 1000);
      expect((await fetchImage(imageUrl(app.ctx.secret, row.storageKey, { public: false }, past))).statusCode).toBe(
        404,
      );
      // A preview's signature opens the preview only, never the full image.
      const previewSigned = new URL(imageUrl(app.ctx.secret, row.previewKey ?? '', { public: false }), 'http://x');
      expect((await fetchImage(`/uploads/${row.storageKey}.webp${previewSigned.search}`)).statusCode).toBe(404);
    }
  });
});

describe('authors, unlockers and admins', () => {
  it('get signed, expiring links to the full images, which serve the full file', async () => {
    const { author, post, rows } = await publishedWithPhotos();
    const reader = await signedIn(app, { coins: 100 });
    const unlocked = await unlock(app, reader.auth, post.id);
    expect(unlocked.statusCode).toBe(200);
    const answers: Array<{ image_urls: string[] }> = [
      unlocked.json<UnlockResponse>().post,
      (await getPost(app, post.id, reader.auth)).json<PostDetail>(),
      (await getPost(app, post.id, author.auth)).json<PostDetail>(),
      (await getPost(app, post.id, admin.auth)).json<PostDetail>(),
      (await app.inject({ method: 'GET', url: `${API}/posts/admin/${post.id}`, headers: admin.auth })).json<OwnPost>(),
    ];
    for (const answer of answers) {
      expect(answer.image_urls).toHaveLength(2);
      answer.image_urls.forEach((url, i) => {
        expect(url).toMatch(new RegExp(`^/uploads/${rows[i]?.storageKey}\\.webp\\?exp=\\d+&sig=`));
      });
      const res = await fetchImage(answer.image_urls[0] ?? '');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([300, 200]);
    }
    // The link stops working once its hour is over.
    const exp = Number(new URL(answers[0]?.image_urls[0] ?? '', 'http://x').searchParams.get('exp'));
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(SIGNED_URL_TTL_SECONDS * 1000);
    const stale = imageUrl(
      app.ctx.secret,
      rows[0]?.storageKey ?? '',
      { public: false },
      new Date(Date.now() - 2 * 3600_000),
    );
    expect((await fetchImage(stale)).statusCode).toBe(404);
  });
});

describe('images stored before previews existed', () => {
  it('are left out for locked readers until the backfill makes their previews', async () => {
    const { post } = await publishedWithPhotos();
    const key = newStorageKey();
    const old = await processImage(
      await sharp({ create: { width: 120, height: 80, channels: 3, background: '#123' } })
        .png()
        .toBuffer(),
    );
    await app.ctx.images.put(key, old.data);
    await app.ctx.db
      .insert(postImages)
      .values({ postId: post.id, storageKey: key, width: 120, height: 80, position: 2 });

    const before = await getPost(app, post.id);
    expect(before.body).not.toContain(key);
    expect(before.json<PostDetail>().image_urls).toHaveLength(2);

    expect(await backfillImagePreviews(app.ctx)).toBeGreaterThanOrEqual(1);
    const [row] = (await imageRowsOf(post.id)).filter((r) => r.storageKey === key);
    expect(row?.previewKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const after = await getPost(app, post.id);
    await expectNoFullKey(after.body);
    expect(after.json<PostDetail>().image_urls[2]).toBe(`/uploads/${row?.previewKey}.webp`);
    const preview = await fetchImage(`/uploads/${row?.previewKey}.webp`);
    expect(Math.max((await sharp(preview.rawPayload).metadata()).width ?? 99)).toBeLessThanOrEqual(64);
  });
});
