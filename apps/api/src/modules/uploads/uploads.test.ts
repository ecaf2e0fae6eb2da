import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { categories, postImages, posts, states } from '../../db/schema.js';
import { deletePostImages, removeImageFiles } from '../../lib/images/delete-images.js';
import { imageUrl } from '../../lib/images/image-urls.js';
import { newStorageKey, processImage } from '../../lib/images/process-image.js';
import type { ImageStorage } from '../../lib/images/storage.js';

const NOT_FOUND = { detail: 'The requested resource was not found.', code: 'NOT_FOUND' };

let app: TestApp;
let bytes: Buffer;
let preview: Buffer;
beforeAll(async () => {
  app = await createTestApp();
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2980b9' } })
    .jpeg()
    .toBuffer();
  ({ data: bytes, preview } = await processImage(jpeg));
});
afterAll(async () => {
  await app.teardown();
});

/** A post with one stored image, written straight to the tables (post submission is not ours). */
async function postWithImage(status: 'pending' | 'approved' | 'rejected' = 'pending') {
  const { db } = app.ctx;
  const author = await buildUser(app);
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  const [state] = await db.select({ id: states.id }).from(states).limit(1);
  if (!category || !state) throw new Error('reference data not seeded');
  const [post] = await db
    .insert(posts)
    .values({
      authorId: author.id,
      title: 'A kettle of gossip',
      content: 'Something happened at the corner shop and everyone knows it.',
      taggedHandle: '@someone',
      categoryId: category.id,
      stateId: state.id,
      status,
    })
    .returning({ id: posts.id });
  if (!post) throw new Error('post insert failed');
  const key = newStorageKey();
  const previewKey = newStorageKey();
  await app.ctx.images.put(key, bytes);
  await app.ctx.images.put(previewKey, preview);
  await db
    .insert(postImages)
    .values({ postId: post.id, storageKey: key, previewKey, width: 40, height: 30, position: 0 });
  return { postId: post.id, key, previewKey };
}

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => app.inject({ method, url });

function expectServedHeaders(headers: Record<string, unknown>, cacheControl: unknown) {
  expect(headers).toMatchObject({
    'content-type': 'image/webp',
    'x-content-type-options': 'nosniff',
    'content-disposition': 'inline',
    'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    'cache-control': cacheControl,
  });
}

describe('GET /uploads/:file', () => {
  it('hides a pending post image without a signature and serves it with one', async () => {
    const { key } = await postWithImage('pending');
    const plain = await get(`/uploads/${key}.webp`);
    expect(plain.statusCode).toBe(404);
    expect(plain.json()).toEqual(NOT_FOUND);
    expect(plain.headers['cache-control']).toBe('no-store');

    const signedUrl = imageUrl(app.ctx.secret, key, { public: false });
    const privateCache = /^private, max-age=\d+$/;
    const signed = await get(signedUrl);
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.equals(bytes)).toBe(true);
    expectServedHeaders(signed.headers, expect.stringMatching(privateCache));
    // Never cached past the signature's expiry, which is at most an hour away.
    expect(Number(/max-age=(\d+)/.exec(String(signed.headers['cache-control']))?.[1])).toBeLessThanOrEqual(3600);

    const head = await get(signedUrl, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expectServedHeaders(head.headers, expect.stringMatching(privateCache));
  });

  it('keeps a full image signed-only after approval; only the preview becomes public', async () => {
    const { postId, key, previewKey } = await postWithImage('pending');
    expect((await get(`/uploads/${previewKey}.webp`)).statusCode).toBe(404);
    expect((await get(imageUrl(app.ctx.secret, previewKey, { public: false }))).statusCode).toBe(200);

    await app.ctx.db.update(posts).set({ status: 'approved' }).where(eq(posts.id, postId));
    const plain = await get(`/uploads/${key}.webp`);
    expect(plain.statusCode).toBe(404);
    expect(plain.json()).toEqual(NOT_FOUND);
    expect((await get(`/uploads/${key}.webp`, 'HEAD')).statusCode).toBe(404);
    expect((await get(imageUrl(app.ctx.secret, key, { public: false }))).statusCode).toBe(200);

    const open = await get(`/uploads/${previewKey}.webp`);
    expect(open.statusCode).toBe(200);
    expect(open.rawPayload.equals(preview)).toBe(true);
    expectServedHeaders(open.headers, 'public, max-age=31536000, immutable');
  });

  it('refuses expired, tampered and other-key signatures on a rejected post alike', async () => {
    const { key } = await postWithImage('rejected');
    const other = await postWithImage('pending');
    const hourAgo = new Date(Date.now() - 3601 * 1000);
    const expired = imageUrl(app.ctx.secret, key, { public: false }, hourAgo);
    const good = new URL(imageUrl(app.ctx.secret, key, { public: false }), 'http://kettle.test');
    const tampered = `/uploads/${key}.webp?exp=${good.searchParams.get('exp') ?? ''}&sig=${'A'.repeat(43)}`;
    const borrowed = `/uploads/${other.key}.webp${good.search}`;
    const odd = `/uploads/${key}.webp?exp=1&exp=2&sig[]=x`;
    for (const url of [expired, tampered, borrowed, odd]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await get(good.pathname + good.search)).statusCode).toBe(200);
  });

  it('answers 404 for unknown keys, listings and traversal attempts', async () => {
    const urls = [
      `/uploads/${newStorageKey()}.webp`,
      '/uploads/',
      '/uploads',
      '/uploads/../../etc/passwd',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/%2e%2e%2f%2e%2e%2fetc%2fpasswd.webp',
      `/uploads/${newStorageKey()}.png`,
      `/uploads/${newStorageKey()}`,
      '/uploads/short.webp',
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('finds nothing by guessing: 10 random keys are all 404', async () => {
    await postWithImage('approved');
    const results = await Promise.all(Array.from({ length: 10 }, () => get(`/uploads/${newStorageKey()}.webp`)));
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 10 }, () => 404));
  });
});

describe('deletePostImages', () => {
  it('removes the files so even an approved image 404s, and tolerates a second run', async () => {
    const { postId, key, previewKey } = await postWithImage('approved');
    const signed = imageUrl(app.ctx.secret, key, { public: false });
    expect((await get(signed)).statusCode).toBe(200);
    expect(await deletePostImages(app.ctx, postId)).toEqual({ removed: 2, failed: [] });
    expect(await app.ctx.images.read(key)).toBeNull();
    expect(await app.ctx.images.read(previewKey)).toBeNull();
    for (const url of [signed, `/uploads/${previewKey}.webp`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    // Already gone: still no error.
    expect(await deletePostImages(app.ctx, postId)).toEqual({ removed: 2, failed: [] });
  });

  it('keeps going past a failing removal and reports it', async () => {
    const removed: string[] = [];
    const flaky: ImageStorage = {
      put: async () => undefined,
      read: async () => null,
      remove: async (key) => {
        if (key === 'bad') throw new Error('disk on fire');
        removed.push(key);
      },
      list: async function* () {},
    };
    expect(await removeImageFiles(flaky, ['a', 'bad', 'b'])).toEqual({ removed: 2, failed: ['bad'] });
    expect(removed).toEqual(['a', 'b']);
  });
});
