import { ERROR_CODES, POST_MESSAGES, STATUS_FALLBACK } from '@kettle/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf } from '../../../test/http.js';
import { postImages } from '../../db/schema.js';
import {
  balanceOf,
  buildPost,
  expectInvariants,
  jpegFile,
  multipartBody,
  pngFile,
  postOf,
  postsBy,
  refs,
  signedIn,
  submitMultipart,
  teaBody,
  uploadedFiles,
  type FilePart,
} from '../../../test/posts-kit.js';

let app: TestApp;
let ref: { categoryId: string; stateId: string };
beforeAll(async () => {
  app = await createTestApp();
  ref = await refs(app);
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

const imagesOf = (postId: string) =>
  app.ctx.db.select().from(postImages).where(eq(postImages.postId, postId)).orderBy(asc(postImages.position));

async function expectNothingStored(userId: string, coins: number, filesBefore: number) {
  expect(await postsBy(app, userId)).toHaveLength(0);
  expect(uploadedFiles(app)).toHaveLength(filesBefore);
  expect(await balanceOf(app, userId)).toBe(coins);
}

describe('POST /api/v1/posts/ (multipart)', () => {
  it('stores two images in order, with rows, files and signed URLs in the answer', async () => {
    const { user, auth } = await signedIn(app, { coins: 30 });
    const before = uploadedFiles(app).length;
    const files = [await pngFile(40, 30), await jpegFile(32, 24)];
    const res = await submitMultipart(app, auth, teaBody(ref, { bounty: '5' }), files);
    expect(res.statusCode).toBe(201);
    const post = postOf(res);
    expect(post).toMatchObject({ status: 'pending', bounty: 5 });
    const rows = await imagesOf(post.id);
    expect(rows.map((r) => [r.position, r.width, r.height])).toEqual([
      [0, 40, 30],
      [1, 32, 24],
    ]);
    // Each photo is stored twice: the full image and its blurred preview.
    expect(uploadedFiles(app)).toHaveLength(before + 4);
    expect(uploadedFiles(app)).toEqual(
      expect.arrayContaining(rows.flatMap((r) => [`${r.storageKey}.webp`, `${r.previewKey}.webp`])),
    );
    expect(post.images.map((i) => i.id)).toEqual(rows.map((r) => r.id));
    expect(post.image_urls).toEqual(post.images.map((i) => i.image_url));
    post.image_urls.forEach((url, i) => {
      expect(url).toMatch(new RegExp(`^/uploads/${rows[i]?.storageKey}\\.webp\\?exp=\\d+&sig=`));
    });
    // The signed URL serves the re-encoded file.
    const image = await app.inject({ method: 'GET', url: post.image_urls[0] ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await balanceOf(app, user.id)).toBe(0);
  });

  it('accepts files under `image` and a form without files', async () => {
    const { auth } = await signedIn(app, { coins: 50 });
    const file = { ...(await pngFile()), field: 'image' };
    const res = await submitMultipart(app, auth, teaBody(ref), [file]);
    expect(res.statusCode).toBe(201);
    expect(postOf(res).images).toHaveLength(1);
    const plain = await submitMultipart(app, auth, teaBody(ref), []);
    expect(plain.statusCode).toBe(201);
    expect(postOf(plain).images).toEqual([]);
  });

  it('answers 422 for 6 files and stores nothing', async () => {
    const { user, auth } = await signedIn(app, { coins: 25 });
    const before = uploadedFiles(app).length;
    const file = await pngFile();
    const res = await submitMultipart(
      app,
      auth,
      teaBody(ref),
      Array.from({ length: 6 }, () => file),
    );
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      detail: POST_MESSAGES.imagesMax,
      code: ERROR_CODES.validation,
      errors: [{ field: 'images', message: POST_MESSAGES.imagesMax }],
    });
    await expectNothingStored(user.id, 25, before);
  });

  it('answers 413 for a 6 MB file and stores nothing', async () => {
    const { user, auth } = await signedIn(app, { coins: 25 });
    const before = uploadedFiles(app).length;
    const big: FilePart = { name: 'huge.png', type: 'image/png', data: Buffer.alloc(6 * 1024 * 1024, 1) };
    const res = await submitMultipart(app, auth, teaBody(ref), [await pngFile(), big]);
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toEqual({ detail: STATUS_FALLBACK[413], code: ERROR_CODES.payloadTooLarge });
    expect(errorOf(res).detail).toBe('File too large. Maximum file size is 5MB.');
    await expectNothingStored(user.id, 25, before);
  });

  it('answers 413 before reading a multipart body declared over the 26 MB cap', async () => {
    const { user, auth } = await signedIn(app, { coins: 25 });
    const before = uploadedFiles(app).length;
    const body = await multipartBody(teaBody(ref), [await pngFile()]);
    const res = await app.inject({
      method: 'POST',
      url: `${API}/posts/`,
      headers: { ...auth, ...body.headers, 'content-length': String(30 * 1024 * 1024) },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).code).toBe(ERROR_CODES.payloadTooLarge);
    await expectNothingStored(user.id, 25, before);
  });

  it('answers 422 for a file that is not an image, naming the field', async () => {
    const { user, auth } = await signedIn(app, { coins: 25 });
    const before = uploadedFiles(app).length;
    const fake: FilePart = { name: 'evil.png', type: 'image/png', data: Buffer.from('<?php echo "hi"; ?>') };
    const res = await submitMultipart(app, auth, teaBody(ref), [await pngFile(), fake]);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors).toEqual([{ field: 'images', message: POST_MESSAGES.imageType }]);
    await expectNothingStored(user.id, 25, before);
  });

  it('validates the text fields of a multipart form with the same messages', async () => {
    const { user, auth } = await signedIn(app, { coins: 25 });
    const before = uploadedFiles(app).length;
    const res = await submitMultipart(app, auth, teaBody(ref, { title: 'Tea', bounty: '-3' }), [await pngFile()]);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors).toEqual([
      { field: 'title', message: 'Title must be at least 5 characters' },
      { field: 'bounty', message: 'Bounty must be non-negative' },
    ]);
    await expectNothingStored(user.id, 25, before);
  });

  it('answers 402 with images when coins are short, and leaves no file behind', async () => {
    const { user, auth } = await signedIn(app, { coins: 10 });
    const before = uploadedFiles(app).length;
    const res = await submitMultipart(app, auth, teaBody(ref), [await pngFile(), await jpegFile()]);
    expect(res.statusCode).toBe(402);
    await expectNothingStored(user.id, 10, before);
  });

  it('removes stored files when the transaction fails after storing them', async () => {
    const { user: author } = await signedIn(app);
    const original = await buildPost(app, author.id, { status: 'approved' });
    const { user, auth } = await signedIn(app, { coins: 20 });
    const before = uploadedFiles(app).length;
    // A put that fails on the second file: the first one was written and must be removed.
    const put = app.ctx.images.put;
    let calls = 0;
    app.ctx.images.put = async (key, data) => {
      calls += 1;
      if (calls === 2) throw new Error('disk full');
      await put(key, data);
    };
    try {
      const body = teaBody(ref, { original_post_id: original.id });
      const res = await submitMultipart(app, auth, body, [await pngFile(), await pngFile()], '/posts/reversal');
      expect(res.statusCode).toBe(500);
    } finally {
      app.ctx.images.put = put;
    }
    expect(calls).toBe(2);
    await expectNothingStored(user.id, 20, before);
  });
});
