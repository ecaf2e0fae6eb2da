import { NOTIFICATION_TEXT, type PostDetail } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { API } from '../../../../test/http.js';
import { lastMailTo } from '../../../../test/mailbox.js';
import { coinLedger, notifications, postImages, posts } from '../../../db/schema.js';
import {
  auditOf,
  expectInvariants,
  pngFile,
  postOf,
  refs,
  signedIn,
  submitMultipart,
  teaBody,
  uploadedFiles,
} from '../../../../test/posts-kit.js';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let ref: { categoryId: string; stateId: string };
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, { isAdmin: true });
  ref = await refs(app);
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

/** A pending tea with two images, submitted through the API. */
async function submittedWithImages() {
  const author = await signedIn(app, { coins: 25 });
  const res = await submitMultipart(app, author.auth, teaBody(ref), [await pngFile(), await pngFile(20, 20)]);
  expect(res.statusCode).toBe(201);
  const post = postOf(res);
  const keys = (await app.ctx.db.select().from(postImages).where(eq(postImages.postId, post.id))).flatMap((row) => [
    `${row.storageKey}.webp`,
    `${row.previewKey}.webp`,
  ]);
  expect(keys).toHaveLength(4);
  expect(uploadedFiles(app)).toEqual(expect.arrayContaining(keys));
  return { author, post, keys };
}

const moderate = (id: string, payload: object, url = `/posts/admin/${id}/status`) =>
  app.inject({ method: 'PUT', url: `${API}${url}`, headers: admin.auth, payload });
const noticesOf = (userId: string) => app.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));
const rowOf = async (id: string) => (await app.ctx.db.select().from(posts).where(eq(posts.id, id)))[0];

describe('approving and rejecting', () => {
  it('approve publishes, keeps full image URLs signed, notifies and mails the author', async () => {
    const { author, post } = await submittedWithImages();
    const res = await moderate(post.id, { status: 'approved' });
    expect(res.statusCode).toBe(200);
    const approved = postOf(res);
    expect(approved.status).toBe('approved');
    approved.image_urls.forEach((url) => expect(url).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.webp\?exp=\d+&sig=/));
    expect((await rowOf(post.id))?.publishedAt).toBeInstanceOf(Date);

    expect(await noticesOf(author.user.id)).toMatchObject([
      {
        kind: 'post_approved',
        title: 'Your tea is published',
        body: NOTIFICATION_TEXT.postApproved.body(post.title),
        link: `/posts/${post.id}`,
        readAt: null,
      },
    ]);
    const mail = await lastMailTo(app, author.user.email);
    expect(mail?.subject).toBe('Your tea is published');
    expect(mail?.text).toContain(post.title);
    expect(mail?.text).toContain(`http://kettle.test/posts/${post.id}`);
  });

  it('reject stores the reason and its date, keeps the photos (files and rows), notifies and mails the reason', async () => {
    const { author, post, keys } = await submittedWithImages();
    const res = await moderate(post.id, { status: 'rejected', reason: 'Names a private person' });
    expect(res.statusCode).toBe(200);
    const rejected = postOf(res);
    expect(rejected).toMatchObject({ status: 'rejected', rejection_reason: 'Names a private person' });
    expect(rejected.images).toHaveLength(2);
    expect(uploadedFiles(app)).toEqual(expect.arrayContaining(keys));
    expect(await app.ctx.db.select().from(postImages).where(eq(postImages.postId, post.id))).toHaveLength(2);
    expect((await rowOf(post.id))?.rejectedAt).toBeInstanceOf(Date);
    // The author can still see them during the appeal window.
    expect((await app.inject({ method: 'GET', url: rejected.image_urls[0] ?? '' })).statusCode).toBe(200);

    const [notice] = await noticesOf(author.user.id);
    expect(notice).toMatchObject({ kind: 'post_rejected', link: '/my-teas' });
    expect(notice?.body).toContain('Names a private person');
    const mail = await lastMailTo(app, author.user.email);
    expect(mail?.subject).toBe(NOTIFICATION_TEXT.postRejected.title);
    expect(mail?.text).toContain('Names a private person');
    expect(mail?.text).toContain('http://kettle.test/my-teas');
    const [audit] = await auditOf(app, post.id);
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      action: 'post.reject',
      data: {
        before: { status: 'pending', rejection_reason: null },
        after: { status: 'rejected', rejection_reason: 'Names a private person' },
      },
    });
  });

  it('an approved post rejected later keeps its photos; re-approval republishes them and clears reason and date', async () => {
    const { author, post, keys } = await submittedWithImages();
    expect((await moderate(post.id, { status: 'approved' })).statusCode).toBe(200);
    expect((await moderate(post.id, { status: 'rejected' })).statusCode).toBe(200);
    expect(uploadedFiles(app)).toEqual(expect.arrayContaining(keys));
    const again = await moderate(post.id, { status: 'approved' });
    expect(postOf(again)).toMatchObject({ status: 'approved', rejection_reason: null });
    expect((await rowOf(post.id))?.rejectedAt).toBeNull();
    const published = await app.inject({ method: 'GET', url: `${API}/posts/${post.id}` });
    expect(published.json<PostDetail>().image_urls).toHaveLength(2);
    for (const url of postOf(again).image_urls) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    expect((await noticesOf(author.user.id)).map((n) => n.kind).sort()).toEqual([
      'post_approved',
      'post_approved',
      'post_rejected',
    ]);
  });

  it('an admin edit that rejects keeps files and notifies; an edit that keeps the status does not notify', async () => {
    const { author, post, keys } = await submittedWithImages();
    const kept = await moderate(post.id, { status: 'pending', unlock_price: 60 }, `/posts/admin/${post.id}`);
    expect(postOf(kept)).toMatchObject({ unlock_price: 60, status: 'pending' });
    expect(await noticesOf(author.user.id)).toHaveLength(0);
    expect(uploadedFiles(app)).toEqual(expect.arrayContaining(keys));

    const res = await moderate(post.id, { status: 'rejected', reason: 'Off-topic' }, `/posts/admin/${post.id}`);
    expect(postOf(res)).toMatchObject({ status: 'rejected', rejection_reason: 'Off-topic' });
    expect(postOf(res).images).toHaveLength(2);
    expect(uploadedFiles(app)).toEqual(expect.arrayContaining(keys));
    expect((await rowOf(post.id))?.rejectedAt).toBeInstanceOf(Date);
    expect((await noticesOf(author.user.id)).map((n) => n.kind)).toEqual(['post_rejected']);
  });
});

describe('DELETE /api/v1/posts/{id}', () => {
  it('removes the row and its files, keeps the ledger record and writes an audit row', async () => {
    const { author, post, keys } = await submittedWithImages();
    const res = await app.inject({ method: 'DELETE', url: `${API}/posts/${post.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await rowOf(post.id)).toBeUndefined();
    expect(await app.ctx.db.select().from(postImages).where(eq(postImages.postId, post.id))).toHaveLength(0);
    for (const key of keys) expect(uploadedFiles(app)).not.toContain(key);
    const ledger = await app.ctx.db.select().from(coinLedger).where(eq(coinLedger.referenceId, post.id));
    expect(ledger).toMatchObject([{ userId: author.user.id, kind: 'submit_tea', delta: -25 }]);
    expect(await auditOf(app, post.id)).toMatchObject([
      {
        actorId: admin.user.id,
        action: 'post.delete',
        targetType: 'post',
        data: { before: { title: post.title, author_id: author.user.id } },
      },
    ]);
    const again = await app.inject({ method: 'DELETE', url: `${API}/posts/${post.id}`, headers: admin.auth });
    expect(again.statusCode).toBe(404);
  });
});
