import { randomUUID } from 'node:crypto';
import { ERROR_CODES, MESSAGES, POST_MESSAGES } from '@kettle/shared';
import { eq, ne } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { errorOf } from '../../../test/http.js';
import { categories, posts, states } from '../../db/schema.js';
import {
  balanceOf,
  buildPost,
  expectInvariants,
  ledgerOf,
  postOf,
  postsBy,
  refs,
  signedIn,
  submitJson,
  teaBody,
} from '../../../test/posts-kit.js';

let app: TestApp;
let ref: { categoryId: string; stateId: string };
beforeAll(async () => {
  app = await createTestApp();
  ref = await refs(app);
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

const reverse = (auth: Record<string, string>, originalId: string, overrides: Record<string, unknown> = {}) =>
  submitJson(app, auth, teaBody(ref, { original_post_id: originalId, ...overrides }), '/posts/reversal');

async function approvedOriginal() {
  const { user: author, auth: authorAuth } = await signedIn(app, { coins: 100 });
  const original = await buildPost(app, author.id, { status: 'approved' });
  return { author, authorAuth, original };
}

describe('POST /api/v1/posts/reversal', () => {
  it('answers 401 to a visitor and 403 to an unverified user', async () => {
    const { original } = await approvedOriginal();
    expect((await reverse({}, original.id)).statusCode).toBe(401);
    const { auth } = await signedIn(app, { verified: false, coins: 100 });
    const res = await reverse(auth, original.id);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).detail).toBe(MESSAGES.auth.emailNotVerified);
  });

  it('creates a pending reversal, takes exactly 20 coins with one submit_reversal ledger row', async () => {
    const { original } = await approvedOriginal();
    const { user, auth } = await signedIn(app, { coins: 50 });
    const res = await reverse(auth, original.id);
    expect(res.statusCode).toBe(201);
    const reversal = postOf(res);
    expect(reversal).toMatchObject({
      status: 'pending',
      original_post_id: original.id,
      author_username: user.username,
    });
    expect(await balanceOf(app, user.id)).toBe(30);
    const spent = (await ledgerOf(app, user.id)).filter((row) => row.delta < 0);
    expect(spent).toMatchObject([
      { delta: -20, kind: 'submit_reversal', referenceType: 'post', referenceId: reversal.id },
    ]);
  });

  it('answers 402 when coins are short: no reversal, no ledger row, balance unchanged', async () => {
    const { original } = await approvedOriginal();
    const { user, auth } = await signedIn(app, { coins: 19 });
    const res = await reverse(auth, original.id);
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).code).toBe(ERROR_CODES.insufficientCoins);
    expect(await postsBy(app, user.id)).toHaveLength(0);
    expect((await ledgerOf(app, user.id)).filter((row) => row.delta < 0)).toHaveLength(0);
    expect(await balanceOf(app, user.id)).toBe(19);
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['missing original', { original_post_id: undefined }, 'original_post_id', 'Invalid original post ID'],
    ['bad original id', { original_post_id: 'nope' }, 'original_post_id', 'Invalid original post ID'],
    ['short title', { title: 'Tea' }, 'title', 'Title must be at least 5 characters'],
    ['short content', { content: 'Too short' }, 'content', 'Content must be at least 20 characters'],
    ['negative bounty', { bounty: -5 }, 'bounty', 'Bounty must be non-negative'],
  ];
  it.each(invalid)('answers 422 for a %s', async (_name, override, field, message) => {
    const { original } = await approvedOriginal();
    const { user, auth } = await signedIn(app, { coins: 20 });
    const body = teaBody(ref, { original_post_id: original.id, ...override });
    const res = await submitJson(app, auth, body, '/posts/reversal');
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors).toContainEqual({ field, message });
    expect(await balanceOf(app, user.id)).toBe(20);
  });

  it("takes the subject's handle, category and state from the original, whatever the form sends", async () => {
    const [otherCategory] = await app.ctx.db
      .select()
      .from(categories)
      .where(ne(categories.id, ref.categoryId))
      .limit(1);
    const [otherState] = await app.ctx.db.select().from(states).where(ne(states.id, ref.stateId)).limit(1);
    if (!otherCategory || !otherState) throw new Error('needs two seeded categories and states');
    const { original } = await approvedOriginal();
    const { auth } = await signedIn(app, { coins: 40 });
    const typed = { tagged_handle: '@someone_else', category_id: otherCategory.id, state_id: otherState.id };
    const res = await reverse(auth, original.id, typed);
    expect(res.statusCode, res.body).toBe(201);
    const made = postOf(res);
    expect(made).toMatchObject({
      tagged_handle: original.taggedHandle,
      category_id: original.categoryId,
      state_id: original.stateId,
    });
    const [row] = await app.ctx.db.select().from(posts).where(eq(posts.id, made.id));
    expect(row).toMatchObject({
      taggedHandle: original.taggedHandle,
      categoryId: original.categoryId,
      stateId: original.stateId,
    });
  });

  it('needs no handle, category or state in the form', async () => {
    const { original } = await approvedOriginal();
    const { auth } = await signedIn(app, { coins: 20 });
    const body = {
      original_post_id: original.id,
      title: 'That is not what happened',
      content: 'I was somewhere else that night, with witnesses.',
      attested: true,
    };
    const res = await submitJson(app, auth, body, '/posts/reversal');
    expect(res.statusCode, res.body).toBe(201);
    expect(postOf(res).tagged_handle).toBe(original.taggedHandle);
  });

  it("answers 403 to the original's author", async () => {
    const { author, authorAuth, original } = await approvedOriginal();
    const res = await reverse(authorAuth, original.id);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).detail).toBe(POST_MESSAGES.reversalOwnPost);
    expect(await balanceOf(app, author.id)).toBe(100);
  });

  it('answers 404 when the original is unknown, pending or rejected', async () => {
    const { user: someone } = await signedIn(app);
    const pending = await buildPost(app, someone.id);
    const rejected = await buildPost(app, someone.id, { status: 'rejected' });
    const { user, auth } = await signedIn(app, { coins: 100 });
    for (const id of [randomUUID(), pending.id, rejected.id]) {
      const res = await reverse(auth, id);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toMatchObject({ detail: POST_MESSAGES.reversalOriginalMissing, code: ERROR_CODES.notFound });
    }
    expect(await postsBy(app, user.id)).toHaveLength(0);
    expect(await balanceOf(app, user.id)).toBe(100);
  });

  it('allows one live reversal per original; a new one once the first is rejected', async () => {
    const { original } = await approvedOriginal();
    const first = await signedIn(app, { coins: 20 });
    const second = await signedIn(app, { coins: 40 });
    const res1 = await reverse(first.auth, original.id);
    expect(res1.statusCode).toBe(201);
    const res2 = await reverse(second.auth, original.id);
    expect(res2.statusCode).toBe(409);
    expect(errorOf(res2)).toMatchObject({ detail: POST_MESSAGES.reversalExists, code: ERROR_CODES.conflict });
    expect(await balanceOf(app, second.user.id)).toBe(40);

    await app.ctx.db
      .update(posts)
      .set({ status: 'approved' })
      .where(eq(posts.id, postOf(res1).id));
    expect((await reverse(second.auth, original.id)).statusCode).toBe(409);

    await app.ctx.db
      .update(posts)
      .set({ status: 'rejected' })
      .where(eq(posts.id, postOf(res1).id));
    const res3 = await reverse(second.auth, original.id);
    expect(res3.statusCode).toBe(201);
    expect(await balanceOf(app, second.user.id)).toBe(20);
  });

  it('lets only one of many concurrent reversals of one original through', async () => {
    const { original } = await approvedOriginal();
    const users = await Promise.all(Array.from({ length: 8 }, () => signedIn(app, { coins: 20 })));
    const results = await Promise.all(users.map((u) => reverse(u.auth, original.id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    const balances = await Promise.all(users.map((u) => balanceOf(app, u.user.id)));
    expect(balances.filter((b) => b === 0)).toHaveLength(1);
  });
});
