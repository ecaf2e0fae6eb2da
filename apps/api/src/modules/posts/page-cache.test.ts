import { randomUUID } from 'node:crypto';
import { postCardListSchema, type PostCardList, type PostDetail } from '@kettle/shared';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { award, moderate, publishedBountyTea } from '../../../test/bounty-kit.js';
import { postComment, vote } from '../../../test/conversation-kit.js';
import { useTestApp, type TestApp } from '../../../test/harness.js';
import { buildPost, refs, signedIn, submitJson, teaBody, type Auth } from '../../../test/posts-kit.js';
import { API, login, newSignup, register } from '../../../test/http.js';
import {
  createCheckoutCall,
  devAction,
  devSignature,
  postWebhook,
  purchaseOf,
  startCheckout,
} from '../../../test/payments-kit.js';
import { reportCommentCall, reportPostCall, takedownBody } from '../../../test/reports-kit.js';
import { lastMailTo, linkToken } from '../../../test/mailbox.js';
import { turnOnTwoFactor, verify } from '../../../test/two-factor-kit.js';
import { buildUser, DEFAULT_PASSWORD, nextIp, tokensFor } from '../../../test/factories.js';
import { approvedPost, getPost, getPosts, minutesAgo, unlock } from '../../../test/reading-kit.js';
import {
  expectPagesKeptThrough,
  statementsOf as sentBy,
  visitorReads as readsOf,
  type PageKeepingWrite,
} from '../../../test/page-cache-kit.js';
import { categories, notifications } from '../../db/schema.js';
import { devCheckoutEvent } from '../payments/dev-checkout.service.js';
import { findUserById } from '../users/users.service.js';
import { listPublicPosts } from './reading/public-posts.service.js';

/** Visitors' pages from the cache (docs/performance.md P1, P2): what they may and may not serve. */
describe('the page cache behind GET /posts and GET /posts/{id}', () => {
  let app: TestApp;
  useTestApp(
    (made) => {
      app = made;
    },
    // A lifetime far longer than any test: whatever is fresh here was made fresh by a change.
    { env: { PAGE_CACHE_MS: '60000' }, build: { sweeps: false } },
  );

  const statementsOf = (request: () => Promise<LightMyRequestResponse>) => sentBy(app, request);
  const visitorReads = (postId: string) => readsOf(app, postId);
  const titles = (res: LightMyRequestResponse) => res.json<PostCardList>().data.map((post) => post.title);

  it("serves a visitor's page again without asking the database, byte for byte", async () => {
    const author = await signedIn(app);
    await approvedPost(app, author.user.id);
    const first = await statementsOf(() => getPosts(app, '?skip=0&limit=9'));
    const again = await statementsOf(() => getPosts(app, '?skip=0&limit=9'));
    expect(first.sent).toBeGreaterThan(0);
    expect(again.sent).toBe(0);
    expect(again.res.statusCode).toBe(200);
    expect(again.res.headers['content-type']).toBe(first.res.headers['content-type']);
    expect(again.res.body).toBe(first.res.body);
  });

  it('shows a tea to visitors as soon as a moderator publishes it', async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const author = await signedIn(app);
    const pending = await buildPost(app, author.user.id, { title: 'Waiting for the moderators' });
    expect(titles(await getPosts(app))).not.toContain('Waiting for the moderators');
    expect((await moderate(app, admin, pending.id, 'approved')).statusCode).toBe(200);
    expect(titles(await getPosts(app))).toContain('Waiting for the moderators');
  });

  it("shows a tea's new vote count on every page naming it right after the vote, and keeps every other page", async () => {
    const author = await signedIn(app);
    const [corner] = await app.ctx.db
      .insert(categories)
      .values({ name: 'Vote Corner', description: 'Only the vote test files teas here.' })
      .returning();
    if (!corner) throw new Error('no category');
    const voted = await approvedPost(app, author.user.id);
    const other = await approvedPost(app, author.user.id, { categoryId: corner.id });
    const reader = await signedIn(app, { coins: 100 });
    const onlooker = await signedIn(app);
    expect((await unlock(app, reader.auth, voted.id)).statusCode).toBe(200);
    // A page of its own: the tests below write teas straight into the table, which no request announces.
    const front = '?skip=0&limit=48';
    const cornerList = `?category_id=${corner.id}&skip=0&limit=10`;
    const countOn = (res: LightMyRequestResponse) =>
      res.json<PostCardList>().data.find((card) => card.id === voted.id)?.vote_count;
    const untouched = async () => {
      const reads = [await getPost(app, other.id), await getPosts(app, cornerList)];
      return reads.map((res) => res.body);
    };
    expect((await getPost(app, voted.id)).json<PostDetail>().vote_count).toBe(0);
    expect(countOn(await getPosts(app, front))).toBe(0);
    expect(countOn(await getPosts(app, front, onlooker.auth))).toBe(0);
    const kept = await untouched();

    // The path's id in capitals: the pages name it in lower case.
    expect((await vote(app, reader.auth, voted.id.toUpperCase())).statusCode).toBe(200);
    expect((await getPost(app, voted.id)).json<PostDetail>().vote_count).toBe(1);
    expect(countOn(await getPosts(app, front))).toBe(1);
    expect(countOn(await getPosts(app, front, onlooker.auth))).toBe(1);
    const after = await statementsOf(async () => {
      const bodies = await untouched();
      expect(bodies).toEqual(kept);
      return getPost(app, other.id);
    });
    expect(after.sent).toBe(0);
  });

  it("shows a bounty's award on its tea's pages right after it, and keeps every other page", async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const author = await signedIn(app, { coins: 125 });
    const tea = await publishedBountyTea(app, author, admin, 100);
    const other = await approvedPost(app, author.user.id);
    const helper = await signedIn(app, { coins: 100 });
    expect((await unlock(app, helper.auth, tea.id)).statusCode).toBe(200);
    const comment = await postComment(app, helper.auth, tea.id, { content: 'I know who it is.' });
    expect(comment.statusCode).toBe(201);
    const commentId = comment.json<{ comment: { id: string } }>().comment.id;
    const front = '?skip=0&limit=48';
    const statusOn = async () => [
      (await getPost(app, tea.id)).json<PostDetail>().bounty_status,
      (await getPosts(app, front)).json<PostCardList>().data.find((card) => card.id === tea.id)?.bounty_status,
    ];
    expect(await statusOn()).toEqual(['escrowed', 'escrowed']);
    const kept = (await getPost(app, other.id)).body;

    expect((await award(app, author.auth, tea.id, commentId)).statusCode).toBe(200);
    expect(await statusOn()).toEqual(['awarded', 'awarded']);
    const after = await statementsOf(() => getPost(app, other.id));
    expect(after.res.body).toBe(kept);
    expect(after.sent).toBe(0);
  });

  it('serves a signed-in reader, admin or not, the cached page with one statement of their own', async () => {
    const author = await signedIn(app);
    const reader = await signedIn(app);
    const admin = await signedIn(app, { isAdmin: true });
    await approvedPost(app, author.user.id);
    await getPosts(app, '', reader.auth);
    // The reader's account and their unlocks of the page, read together (reader-pages.ts).
    expect((await statementsOf(() => getPosts(app, '', reader.auth))).sent).toBe(1);
    expect((await statementsOf(() => getPosts(app, '', admin.auth))).sent).toBe(1);
  });

  it('gives each reader the cards open to them, as the uncached list would', async () => {
    const author = await signedIn(app);
    const reader = await signedIn(app, { coins: 100 });
    const stranger = await signedIn(app);
    const admin = await signedIn(app, { isAdmin: true });
    const [paid, own] = [
      await approvedPost(app, author.user.id, { title: 'Paid for by the reader' }),
      await approvedPost(app, reader.user.id, { title: "The reader's own tea" }),
    ];
    expect((await unlock(app, reader.auth, paid.id)).statusCode).toBe(200);
    const query = { skip: 0, limit: 50 } as const;
    for (const who of [reader, stranger, admin, author]) {
      await getPosts(app, '?skip=0&limit=50', who.auth);
      const cached = await getPosts(app, '?skip=0&limit=50', who.auth);
      const user = await findUserById(app.ctx.db, who.user.id);
      const uncached = await listPublicPosts(app.ctx, user ?? null, query, '127.0.0.1');
      // The texts kept per card, joined, are what the route's own schema would have written.
      expect(cached.body).toBe(JSON.stringify(postCardListSchema.encode(uncached)));
      expect(cached.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    const openFor = async (who: { auth: Auth }) =>
      (await getPosts(app, '?skip=0&limit=50', who.auth))
        .json<PostCardList>()
        .data.filter((card) => [paid.id, own.id].includes(card.id) && !card.is_locked)
        .map((card) => card.id)
        .sort();
    expect(await openFor(reader)).toEqual([paid.id, own.id].sort());
    expect(await openFor(stranger)).toEqual([]);
    expect(await openFor(author)).toEqual([paid.id]);
  });

  it('reads every reader asking at once in one statement, and answers each as if they asked alone', async () => {
    const author = await signedIn(app);
    const reader = await signedIn(app, { coins: 100 });
    const stranger = await signedIn(app);
    const admin = await signedIn(app, { isAdmin: true });
    const deactivated = await signedIn(app, { isActive: false });
    const bearer = async (sub: string) => ({
      authorization: `Bearer ${await app.ctx.tokens.signAccess({ sub, admin: false })}`,
    });
    // No account of that id; a subject that is no id at all must not fail the others' statement.
    const [gone, odd] = [await bearer(randomUUID()), await bearer('not-an-id')];
    const paid = await approvedPost(app, author.user.id, { title: 'Paid for by the reader' });
    const own = await approvedPost(app, reader.user.id, { title: "The reader's own tea" });
    expect((await unlock(app, reader.auth, paid.id)).statusCode).toBe(200);
    // Teas written straight to the database start no generation, and a list of 50 was kept before.
    app.ctx.pages.invalidate();
    const askers = [reader.auth, stranger.auth, admin.auth, author.auth, deactivated.auth, gone, odd, reader.auth];
    // Alone first: each token checked once and the page kept, so that at once only accounts are read.
    const alone: LightMyRequestResponse[] = [];
    for (const auth of askers) alone.push(await getPosts(app, '?skip=0&limit=50', auth));
    const before = app.ctx.database.stats().queries;
    const together = await Promise.all(askers.map((auth) => getPosts(app, '?skip=0&limit=50', auth)));
    expect(app.ctx.database.stats().queries - before).toBe(1);
    expect(together.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 403, 401, 401, 200]);
    together.forEach((res, index) => expect(res.body).toBe(alone[index]?.body));
    const open = (res: LightMyRequestResponse) =>
      res
        .json<PostCardList>()
        .data.filter((card) => [paid.id, own.id].includes(card.id) && !card.is_locked)
        .map((card) => card.id)
        .sort();
    expect(together.map((res, index) => (res.statusCode === 200 ? open(res) : index))).toEqual([
      [paid.id, own.id].sort(),
      [],
      [paid.id, own.id].sort(),
      [paid.id],
      4,
      5,
      6,
      [paid.id, own.id].sort(),
    ]);
  });

  it("keeps each filter's pages apart, and shows a tea's edit and its removal on every one of them", async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const author = await signedIn(app);
    const [nook] = await app.ctx.db
      .insert(categories)
      .values({ name: 'Page Cache Nook', description: 'Only this test files teas here.' })
      .returning();
    if (!nook) throw new Error('no category');
    const teas = [];
    for (const minutes of [30, 20, 10]) {
      teas.push(await approvedPost(app, author.user.id, { categoryId: nook.id, createdAt: minutesAgo(minutes) }));
    }
    const [oldest, middle, newest] = teas.map((tea) => tea.title);
    const first = `?category_id=${nook.id}&skip=0&limit=2`;
    const second = `?category_id=${nook.id}&skip=2&limit=2`;
    const pages = async () => [titles(await getPosts(app, first)), titles(await getPosts(app, second))];
    expect(await pages()).toEqual([[newest, middle], [oldest]]);
    for (const page of [first, second]) expect((await statementsOf(() => getPosts(app, page))).sent).toBe(0);

    const renamed = await app.inject({
      method: 'PUT',
      url: `${API}/posts/admin/${teas[2]?.id}`,
      headers: admin.auth,
      payload: { status: 'approved', title: 'Renamed by the moderators' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await pages()).toEqual([['Renamed by the moderators', middle], [oldest]]);

    expect((await moderate(app, admin, teas[1]?.id ?? '', 'rejected')).statusCode).toBe(200);
    expect(await pages()).toEqual([['Renamed by the moderators', oldest], []]);
  });

  it('keeps its pages through an unlock, the sessions, notices and the daily drop', async () => {
    const author = await signedIn(app);
    const post = await approvedPost(app, author.user.id);
    const reader = await signedIn(app, { coins: 100 });
    const kept = await visitorReads(post.id);
    const generation = app.ctx.pages.generation();

    expect((await unlock(app, reader.auth, post.id)).statusCode).toBe(200);
    // The unlocker's own list shows the tea open: their unlocks are read per request, not kept.
    const own = (await getPosts(app, '?skip=0&limit=9', reader.auth)).json<PostCardList>();
    expect(own.data.find((card) => card.id === post.id)?.is_unlocked_by_user).toBe(true);
    const signIn = await login(app, reader.user.email, DEFAULT_PASSWORD);
    expect(signIn.statusCode).toBe(200);
    const { refresh_token: refreshToken } = signIn.json<{ refresh_token: string }>();
    const refreshed = await app.inject({
      method: 'POST',
      url: `${API}/auth/refresh`,
      payload: { refresh_token: refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const signOut = await app.inject({
      method: 'POST',
      url: `${API}/auth/logout`,
      payload: { refresh_token: refreshed.json<{ refresh_token: string }>().refresh_token },
    });
    expect(signOut.statusCode).toBe(204);

    expect(app.ctx.pages.generation()).toBe(generation);
    const after = await visitorReads(post.id);
    expect(after.sent).toBe(0);
    expect(after.bodies).toEqual(kept.bodies);

    // Written straight into the table, as a notice is: no request, so no generation.
    const [notice] = await app.ctx.db
      .insert(notifications)
      .values({ userId: reader.user.id, kind: 'post_approved', title: 'A notice', body: 'To read.' })
      .returning();
    const postAs = (url: string) => app.inject({ method: 'POST', url: `${API}${url}`, headers: reader.auth });
    expect((await postAs(`/notifications/${notice?.id}/read`)).statusCode).toBe(204);
    expect((await postAs('/notifications/read-all')).statusCode).toBe(204);
    expect((await postAs('/coins/daily-drop')).statusCode).toBe(200);
    expect(app.ctx.pages.generation()).toBe(generation);
    expect((await visitorReads(post.id)).sent).toBe(0);
  });

  it('keeps its pages through a comment, reports, submissions, a sign-up and a purchase', async () => {
    const author = await signedIn(app, { coins: 100 });
    const post = await approvedPost(app, author.user.id);
    const reader = await signedIn(app, { coins: 500 });
    expect((await unlock(app, reader.auth, post.id)).statusCode).toBe(200);
    const ref = await refs(app);
    let commentId = '';
    let sessionId = '';
    const writes: PageKeepingWrite[] = [
      [
        'a comment',
        201,
        async () => {
          const res = await postComment(app, reader.auth, post.id, { content: 'Heard the same thing.' });
          commentId = res.json<{ comment: { id: string } }>().comment.id;
          return res;
        },
      ],
      ['a report of the tea', 201, () => reportPostCall(app, reader.auth, post.id)],
      ['a report of the comment', 201, () => reportCommentCall(app, author.auth, commentId)],
      ['a submitted tea', 201, () => submitJson(app, reader.auth, teaBody(ref))],
      [
        'a submitted reversal',
        201,
        () => submitJson(app, reader.auth, teaBody(ref, { original_post_id: post.id }), '/posts/reversal'),
      ],
      ['a sign-up', 201, () => register(app, newSignup())],
      [
        'a checkout',
        200,
        async () => {
          const res = await createCheckoutCall(app, reader.auth, 'bronze');
          sessionId = res.json<{ session_id: string }>().session_id;
          return res;
        },
      ],
      ["the dev checkout's payment", 200, () => devAction(app, reader.auth, sessionId, 'pay')],
      [
        'a signed payment notification',
        200,
        async () => {
          const { session_id: next } = await startCheckout(app, reader.auth, 'bronze');
          const payload = JSON.stringify(devCheckoutEvent(await purchaseOf(app, next), 'pay'));
          return postWebhook(app, payload, devSignature(app, payload));
        },
      ],
    ];
    await expectPagesKeptThrough(app, post.id, writes);
  });

  it('keeps its pages through every write anyone may make without an account, and a password check', async () => {
    const author = await signedIn(app);
    const post = await approvedPost(app, author.user.id);
    const guarded = await buildUser(app);
    const { recoveryCodes } = await turnOnTwoFactor(app, (await tokensFor(app, guarded)).access);
    const admin = await signedIn(app, { isAdmin: true });
    const banned = await signedIn(app);
    const ban = await app.inject({
      method: 'POST',
      url: `${API}/admin/users/${banned.user.id}/actions`,
      headers: admin.auth,
      payload: { kind: 'ban', rule: 'fair_play', message: 'Second account.' },
    });
    expect(ban.statusCode).toBe(201);
    const signup = newSignup();
    const anyone = (url: string, payload?: object) =>
      app.inject({ method: 'POST', url: `${API}${url}`, payload, remoteAddress: nextIp() });
    const mailed = async (path: string) => linkToken((await lastMailTo(app, signup.email))?.text ?? '', path);
    const takedown = takedownBody();
    let reference = '';
    const writes: PageKeepingWrite[] = [
      ['a sign-up', 201, () => register(app, signup)],
      ['a new verification mail', 202, () => anyone(`/auth/resend-verification?email=${signup.email}`)],
      ['a confirmed address', 200, async () => anyone(`/auth/verify-email/${await mailed('/auth/verify-email/')}`)],
      ['a reset mail', 202, () => anyone(`/auth/forgot-password?email=${signup.email}`)],
      [
        'a new password',
        200,
        async () =>
          anyone(`/auth/reset-password/${await mailed('/reset-password/')}`, { new_password: 'Fresh-Leaves42' }),
      ],
      ['a sign-in link', 202, () => anyone('/auth/sign-in-link', { email: signup.email })],
      [
        "a sign-in's second step",
        200,
        async () => {
          const first = await login(app, guarded.email, DEFAULT_PASSWORD);
          const challenge = first.json<{ challenge_token: string }>().challenge_token;
          return verify(app, challenge, recoveryCodes[0] ?? '');
        },
      ],
      ['a sign-in by link', 200, async () => anyone(`/auth/sign-in-link/${await mailed('/auth/sign-in-link/')}`)],
      [
        'a password check',
        200,
        () =>
          app.inject({
            method: 'POST',
            url: `${API}/auth/check-password`,
            headers: author.auth,
            payload: { password: DEFAULT_PASSWORD },
          }),
      ],
      [
        'a message to the team',
        202,
        () =>
          anyone('/auth/send-contact-email', {
            fullname: 'Tess Leaf',
            email: 'tess@example.test',
            subject: 'A question',
            message: 'How do coins work here?',
          }),
      ],
      [
        'a takedown request',
        201,
        async () => {
          const res = await anyone('/moderation/requests', takedown);
          reference = res.json<{ reference: string }>().reference;
          return res;
        },
      ],
      [
        'a ban appeal',
        201,
        () =>
          anyone('/appeals/ban', {
            email: banned.user.email,
            reference: ban.json<{ id: string }>().id,
            statement: 'Everything in it happened; I was there and the handle is public.',
          }),
      ],
      ['a takedown lookup', 200, () => anyone('/moderation/requests/lookup', { reference, email: takedown.email })],
    ];
    await expectPagesKeptThrough(app, post.id, writes);
  });

  it('keeps no refusal: a tea that appears after a 404 is served', async () => {
    const author = await signedIn(app);
    const id = randomUUID();
    expect((await getPost(app, id)).statusCode).toBe(404);
    await approvedPost(app, author.user.id, { id });
    expect((await getPost(app, id)).statusCode).toBe(200);
  });

  it('leaves searches to the database (each one counts against the visitor limit)', async () => {
    await getPosts(app, '?search=kettle');
    expect((await statementsOf(() => getPosts(app, '?search=kettle'))).sent).toBeGreaterThan(0);
  });

  it('counts hits and misses for /metrics', async () => {
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(/^kettle_page_cache_requests_total\{result="hit"\} [1-9]/m);
    expect(text).toMatch(/^kettle_page_cache_requests_total\{result="miss"\} [1-9]/m);
  });
});
