import { ERROR_CODES, GUARD_MESSAGES, POST_MESSAGES, type OwnPost } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { API, errorOf } from '../../../../test/http.js';
import {
  balanceOf,
  postOf,
  postsBy,
  signedIn,
  submitJson,
  teaBody,
  type Refs,
  usePostsApp,
} from '../../../../test/posts-kit.js';
import { posts, privacyReviews } from '../../../db/schema.js';

let app: TestApp;
let ref: Refs;
usePostsApp((made) => {
  ({ app, ref } = made);
});

const ISSUE_EXAMPLE =
  'she lives at 1420 Maple Ave, Austin TX 78701, call her at (512) 867-2291 or jess.m@gmail.com, her son goes to Lincoln Middle';

const check = (auth: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'POST', url: `${API}/guard/check`, headers: auth, payload: payload as object });

describe('POST /api/v1/guard/check', () => {
  it('answers a signed-in client with the findings and their offsets into the text', async () => {
    const { auth } = await signedIn(app);
    const res = await check(auth, { text: ISSUE_EXAMPLE, subject_handle: '@jess_m' });
    expect(res.statusCode).toBe(200);
    const { findings } = res.json<{ findings: Array<{ kind: string; start: number; end: number; text: string }> }>();
    expect(findings.map((found) => found.kind)).toEqual(['address', 'phone', 'email', 'minor', 'minor']);
    for (const found of findings) expect(ISSUE_EXAMPLE.slice(found.start, found.end)).toBe(found.text);
  });

  it('finds nothing to hold in an ordinary tea', async () => {
    const { auth } = await signedIn(app);
    const res = await check(auth, {
      text: 'Back in 2019 the HOA president fined his own mother forty dollars for her eleven garden gnomes.',
    });
    expect(res.json()).toEqual({ findings: [] });
  });

  it('answers 401 to a visitor', async () => {
    const res = await check({}, { text: ISSUE_EXAMPLE });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['an empty text', { text: '  ' }, GUARD_MESSAGES.textRequired],
    ['no text', {}, GUARD_MESSAGES.textRequired],
    ['a 100 KB text', { text: 'a'.repeat(100 * 1024) }, GUARD_MESSAGES.textTooLong],
  ])('answers 422 with a message to %s', async (_, payload, message) => {
    const { auth } = await signedIn(app);
    const res = await check(auth, payload);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).code).toBe(ERROR_CODES.validation);
    expect(errorOf(res).errors).toEqual([{ field: 'text', message }]);
  });

  it('answers 429 once an account has checked 60 texts in a minute', async () => {
    const { auth } = await signedIn(app);
    for (let i = 0; i < 60; i += 1) expect((await check(auth, { text: `check ${i}` })).statusCode).toBe(200);
    const res = await check(auth, { text: 'one more' });
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).detail).toBe(GUARD_MESSAGES.tooMany);
  });
});

describe('a tea with private data in it', () => {
  it('is kept with its findings and flags, and the answer and My Teas say it is held and why', async () => {
    const { auth } = await signedIn(app, { coins: 100 });
    const res = await submitJson(app, auth, teaBody(ref, { content: ISSUE_EXAMPLE, tagged_handle: '@jess_m' }));
    expect(res.statusCode).toBe(201);
    const post = res.json<OwnPost>();
    expect(post.status).toBe('pending');
    expect(post.privacy).toMatchObject({ flags: ['privacy', 'minor'], status: 'open', held: true });
    expect(post.privacy?.findings.map((found) => [found.field, found.kind, found.text])).toEqual([
      ['content', 'address', '1420 Maple Ave, Austin TX 78701'],
      ['content', 'phone', '(512) 867-2291'],
      ['content', 'email', 'jess.m@gmail.com'],
      ['content', 'minor', 'her son'],
      ['content', 'minor', 'Lincoln Middle'],
    ]);
    const [row] = await app.ctx.db.select().from(privacyReviews).where(eq(privacyReviews.postId, post.id));
    expect(row).toMatchObject({ source: 'submission', status: 'open', flags: ['privacy', 'minor'] });

    const mine = await app.inject({ method: 'GET', url: `${API}/posts/me`, headers: auth });
    expect(mine.json<{ data: OwnPost[] }>().data[0]?.privacy).toEqual(post.privacy);
  });

  it('names the field of each finding: a profile link in the evidence, a phone in the title', async () => {
    const { auth } = await signedIn(app, { coins: 100 });
    const body = teaBody(ref, {
      title: 'Call 512-867-2291 for the real story',
      evidence_link: 'https://instagram.com/her_bestie',
      tagged_handle: '@the_subject',
    });
    const post = (await submitJson(app, auth, body)).json<OwnPost>();
    expect(post.privacy?.findings.map((found) => [found.field, found.kind, found.start])).toEqual([
      ['title', 'phone', 5],
      ['evidence_link', 'handle', 0],
    ]);
  });

  it('flags a claim stated as fact for a closer look without holding it', async () => {
    const { auth } = await signedIn(app, { coins: 100 });
    const post = (
      await submitJson(app, auth, teaBody(ref, { content: 'He steals from the register every single shift.' }))
    ).json<OwnPost>();
    expect(post.privacy).toMatchObject({ flags: ['allegation'], held: false });
  });

  it('keeps nothing for a tea the guard finds nothing in', async () => {
    const { auth } = await signedIn(app, { coins: 100 });
    const post = (await submitJson(app, auth, teaBody(ref))).json<OwnPost>();
    expect(post.privacy).toBeNull();
    expect(await app.ctx.db.select().from(privacyReviews).where(eq(privacyReviews.postId, post.id))).toEqual([]);
  });
});

describe('the first-hand attestation', () => {
  it.each([
    ['missing', { attested: undefined }],
    ['declined', { attested: false }],
    ['anything but true', { attested: 'yes' }],
  ])('refuses a tea with the attestation %s, with a message, and charges nothing', async (_, overrides) => {
    const { auth, user } = await signedIn(app, { coins: 100 });
    const res = await submitJson(app, auth, teaBody(ref, overrides));
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors).toEqual([{ field: 'attested', message: POST_MESSAGES.attestationRequired }]);
    expect(await postsBy(app, user.id)).toEqual([]);
    expect(await balanceOf(app, user.id)).toBe(100);
  });

  it('keeps the moment a tea was attested with it', async () => {
    const { auth } = await signedIn(app, { coins: 100 });
    const before = Date.now();
    const post = postOf(await submitJson(app, auth, teaBody(ref)));
    const [row] = await app.ctx.db.select({ at: posts.attestedAt }).from(posts).where(eq(posts.id, post.id));
    expect(row?.at?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});
