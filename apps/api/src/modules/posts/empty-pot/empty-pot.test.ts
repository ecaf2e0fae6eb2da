import type { EmptyPotResponse, OwnPost } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { API } from '../../../../test/http.js';
import {
  auditOf,
  balanceOf,
  buildPost,
  expectInvariants,
  ledgerOf,
  pngFile,
  refs,
  signedIn,
  submitMultipart,
  teaBody,
  uploadedFiles,
} from '../../../../test/posts-kit.js';
import { posts } from '../../../db/schema.js';
import { approvedPost, emptyPotCall, unlock } from '../../../../test/reading-kit.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

const exists = async (id: string) => (await app.ctx.db.select().from(posts).where(eq(posts.id, id))).length === 1;
const detailOfError = (body: string) => JSON.parse(body).detail;

describe('DELETE /api/v1/posts/{id}/empty-pot', () => {
  it('needs sign-in and a verified address', async () => {
    const author = await signedIn(app, { coins: 50, verified: false });
    const post = await approvedPost(app, author.user.id);
    expect((await emptyPotCall(app, {}, post.id)).statusCode).toBe(401);
    const res = await emptyPotCall(app, author.auth, post.id);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ code: string }>().code).toBe('EMAIL_NOT_VERIFIED');
    expect(await exists(post.id)).toBe(true);
  });

  it("refuses someone else's post (403) and unknown ids (404)", async () => {
    const author = await signedIn(app);
    const other = await signedIn(app, { coins: 50 });
    const post = await approvedPost(app, author.user.id);
    expect((await emptyPotCall(app, other.auth, post.id)).statusCode).toBe(403);
    expect((await emptyPotCall(app, other.auth, 'junk')).statusCode).toBe(404);
    expect(await exists(post.id)).toBe(true);
    expect(await balanceOf(app, other.user.id)).toBe(50);
  });

  it('refuses rejected posts and posts someone else unlocked (409)', async () => {
    const author = await signedIn(app, { coins: 50 });
    const rejected = await buildPost(app, author.user.id, { status: 'rejected' });
    const res = await emptyPotCall(app, author.auth, rejected.id);
    expect(res.statusCode).toBe(409);
    expect(detailOfError(res.body)).toBe('Rejected teas cannot be emptied.');

    const unlocked = await approvedPost(app, author.user.id);
    const reader = await signedIn(app, { coins: 40 });
    expect((await unlock(app, reader.auth, unlocked.id)).statusCode).toBe(200);
    const refused = await emptyPotCall(app, author.auth, unlocked.id);
    expect(refused.statusCode).toBe(409);
    expect(detailOfError(refused.body)).toBe('Someone has already unlocked this tea, so it can no longer be emptied.');
    expect(await exists(unlocked.id)).toBe(true);
    expect(await balanceOf(app, author.user.id)).toBe(50);
  });

  it('refuses without 25 coins (402) and changes nothing', async () => {
    const author = await signedIn(app, { coins: 24 });
    const post = await approvedPost(app, author.user.id);
    const res = await emptyPotCall(app, author.auth, post.id);
    expect(res.statusCode).toBe(402);
    expect(await exists(post.id)).toBe(true);
    expect(await balanceOf(app, author.user.id)).toBe(24);
  });

  it('charges 25, deletes the post and its image files, keeps the ledger row and audits it', async () => {
    const author = await signedIn(app, { coins: 60 });
    const ref = await refs(app);
    const created = await submitMultipart(app, author.auth, teaBody(ref), [await pngFile(), await pngFile(10, 10)]);
    expect(created.statusCode).toBe(201);
    const post = created.json<OwnPost>();
    const before = uploadedFiles(app).length;
    // Two photos, each a full image and its blurred preview.
    expect(before).toBeGreaterThanOrEqual(4);
    // Still pending: nobody can unlock it, and its author may empty it all the same.
    expect((await unlock(app, author.auth, post.id)).statusCode).toBe(404);

    const res = await emptyPotCall(app, author.auth, post.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<EmptyPotResponse>()).toEqual({
      message: 'The pot is empty: your tea was deleted.',
      coin_balance: 10,
    });
    expect(await exists(post.id)).toBe(false);
    expect(uploadedFiles(app)).toHaveLength(before - 4);
    const ledger = await ledgerOf(app, author.user.id);
    expect(ledger.find((row) => row.kind === 'empty_pot')).toMatchObject({ delta: -25, referenceId: post.id });
    expect((await auditOf(app, post.id)).map((row) => row.action)).toContain('post.empty_pot');
    expect((await app.inject({ method: 'GET', url: `${API}/posts/${post.id}`, headers: author.auth })).statusCode).toBe(
      404,
    );
  });
});
