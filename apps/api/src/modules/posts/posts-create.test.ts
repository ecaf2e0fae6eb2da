import { ERROR_CODES, MESSAGES, POST_MESSAGES } from '@kettle/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.js';
import { errorOf } from '../../../test/http.js';
import {
  balanceOf,
  ledgerOf,
  postOf,
  postsBy,
  signedIn,
  submitJson,
  teaBody,
  type Refs,
  usePostsApp,
} from '../../../test/posts-kit.js';

let app: TestApp;
let ref: Refs;
usePostsApp((made) => {
  ({ app, ref } = made);
});

describe('POST /api/v1/posts/ (JSON)', () => {
  it('answers 401 to a visitor', async () => {
    const res = await submitJson(app, {}, teaBody(ref));
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe(ERROR_CODES.unauthorized);
  });

  it('answers 403 to an unverified user and takes nothing', async () => {
    const { user, auth } = await signedIn(app, { verified: false, coins: 100 });
    const res = await submitJson(app, auth, teaBody(ref));
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ detail: MESSAGES.auth.emailNotVerified, code: ERROR_CODES.emailNotVerified });
    expect(await postsBy(app, user.id)).toHaveLength(0);
    expect(await balanceOf(app, user.id)).toBe(100);
  });

  it('creates a pending post, takes 25 coins (submit_tea) and escrows its bounty in its own row', async () => {
    const { user, auth } = await signedIn(app, { coins: 60 });
    const body = teaBody(ref, { bounty: 15, evidence_link: 'https://example.test/proof' });
    const res = await submitJson(app, auth, body);
    expect(res.statusCode).toBe(201);
    const post = postOf(res);
    expect(post).toMatchObject({
      title: body.title,
      content: body.content,
      tagged_handle: body.tagged_handle,
      status: 'pending',
      unlock_price: 40,
      bounty: 15,
      evidence_link: 'https://example.test/proof',
      original_post_id: null,
      rejection_reason: null,
      author_username: user.username,
      category_id: ref.categoryId,
      state_id: ref.stateId,
      image_urls: [],
      images: [],
      vote_count: 0,
    });
    expect(await balanceOf(app, user.id)).toBe(20);
    const spent = (await ledgerOf(app, user.id)).filter((row) => row.delta < 0);
    // Both rows share the transaction's timestamp, so their order is not asserted.
    expect(spent).toHaveLength(2);
    expect(spent).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ delta: -25, kind: 'submit_tea', referenceType: 'post', referenceId: post.id }),
        expect.objectContaining({ delta: -15, kind: 'bounty_escrow', referenceType: 'post', referenceId: post.id }),
      ]),
    );
  });

  it('trims title and content and treats an empty evidence link as none', async () => {
    const { auth } = await signedIn(app, { coins: 25 });
    const res = await submitJson(app, auth, teaBody(ref, { title: '  Trim me please  ', evidence_link: '' }));
    expect(res.statusCode).toBe(201);
    expect(postOf(res)).toMatchObject({ title: 'Trim me please', evidence_link: null, bounty: 0 });
  });

  it('answers 402 when coins are short: no post, no ledger row, balance unchanged', async () => {
    const { user, auth } = await signedIn(app, { coins: 24 });
    const res = await submitJson(app, auth, teaBody(ref));
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).code).toBe(ERROR_CODES.insufficientCoins);
    expect(await postsBy(app, user.id)).toHaveLength(0);
    expect(await ledgerOf(app, user.id)).toHaveLength(1);
    expect(await balanceOf(app, user.id)).toBe(24);
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['missing title', { title: undefined }, 'title', 'Title is required'],
    ['blank title', { title: '   ' }, 'title', 'Title is required'],
    ['short title', { title: 'Tea' }, 'title', 'Title must be at least 5 characters'],
    ['long title', { title: 'T'.repeat(201) }, 'title', 'Title must be less than 200 characters'],
    ['missing content', { content: undefined }, 'content', 'Content is required'],
    ['short content', { content: 'Too short to count' }, 'content', 'Content must be at least 20 characters'],
    ['long content', { content: 'C'.repeat(5001) }, 'content', 'Content must be less than 5000 characters'],
    ['missing category', { category_id: undefined }, 'category_id', 'Category is required'],
    ['bad category', { category_id: 'not-a-uuid' }, 'category_id', 'Invalid category ID'],
    ['missing state', { state_id: '' }, 'state_id', 'State is required'],
    ['bad state', { state_id: '12345' }, 'state_id', 'Invalid state ID'],
    ['missing handle', { tagged_handle: '' }, 'tagged_handle', "Subject's handle is required"],
    [
      'handle without @',
      { tagged_handle: 'jane' },
      'tagged_handle',
      'Handle must start with @ and contain only letters, numbers, and underscores',
    ],
    [
      'handle with a dash',
      { tagged_handle: '@jane-doe' },
      'tagged_handle',
      'Handle must start with @ and contain only letters, numbers, and underscores',
    ],
    ['negative bounty', { bounty: -1 }, 'bounty', 'Bounty must be non-negative'],
    ['bad evidence link', { evidence_link: 'not a url' }, 'evidence_link', 'Must be a valid URL'],
  ];
  it.each(invalid)('answers 422 for a %s and takes nothing', async (_name, override, field, message) => {
    const { user, auth } = await signedIn(app, { coins: 25 });
    const res = await submitJson(app, auth, teaBody(ref, override));
    expect(res.statusCode).toBe(422);
    const error = errorOf(res);
    expect(error.code).toBe(ERROR_CODES.validation);
    expect(error.errors).toContainEqual({ field, message });
    expect(await balanceOf(app, user.id)).toBe(25);
  });

  it('answers 422 for a category or state that does not exist', async () => {
    const { user, auth } = await signedIn(app, { coins: 25 });
    const res = await submitJson(app, auth, teaBody(ref, { category_id: randomUUID(), state_id: randomUUID() }));
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors).toEqual([
      { field: 'category_id', message: POST_MESSAGES.invalidCategory },
      { field: 'state_id', message: POST_MESSAGES.invalidState },
    ]);
    expect(await postsBy(app, user.id)).toHaveLength(0);
  });

  it('refuses a JSON body over 100 KB', async () => {
    const { auth } = await signedIn(app, { coins: 25 });
    const res = await submitJson(app, auth, teaBody(ref, { padding: 'x'.repeat(120 * 1024) }));
    expect(res.statusCode).toBe(413);
  });

  it('allows 3 teas about one handle per day (any case), then answers 429', async () => {
    const { user, auth } = await signedIn(app, { coins: 200 });
    for (const handle of ['@Same_Person', '@same_person', '@SAME_PERSON']) {
      expect((await submitJson(app, auth, teaBody(ref, { tagged_handle: handle }))).statusCode).toBe(201);
    }
    const res = await submitJson(app, auth, teaBody(ref, { tagged_handle: '@same_Person' }));
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)).toMatchObject({ detail: POST_MESSAGES.handleLimit, code: ERROR_CODES.rateLimited });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(await balanceOf(app, user.id)).toBe(125);
    // Another author, or another handle, is not limited.
    expect((await submitJson(app, auth, teaBody(ref))).statusCode).toBe(201);
    const other = await signedIn(app, { coins: 25 });
    const res2 = await submitJson(app, other.auth, teaBody(ref, { tagged_handle: '@same_person' }));
    expect(res2.statusCode).toBe(201);
  });

  it('lets exactly 3 of 50 concurrent submissions through for 75 coins', async () => {
    const { user, auth } = await signedIn(app, { coins: 75 });
    expect(await balanceOf(app, user.id)).toBe(75);
    const results = await Promise.all(Array.from({ length: 50 }, () => submitJson(app, auth, teaBody(ref))));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 402)).toHaveLength(47);
    expect(await postsBy(app, user.id)).toHaveLength(3);
    expect(await balanceOf(app, user.id)).toBe(0);
    const spent = (await ledgerOf(app, user.id)).filter((row) => row.kind === 'submit_tea');
    expect(spent).toHaveLength(3);
  });
});
