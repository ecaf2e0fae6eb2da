import {
  APPEAL_MESSAGES,
  APPEAL_NOTICE_TEXT,
  APPEAL_STATEMENT_MAX,
  COSTS,
  type Appeal,
  type AppealList,
  type AppealableList,
  type PostDetail,
} from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf, login, me } from '../../../test/http.js';
import { lastMailTo } from '../../../test/mailbox.js';
import {
  auditOf,
  balanceOf,
  expectInvariants,
  ledgerOf,
  pngFile,
  postOf,
  refs,
  signedIn,
  submitMultipart,
  teaBody,
  type Auth,
  type Refs,
} from '../../../test/posts-kit.js';
import { approvedPost, unlock } from '../../../test/reading-kit.js';
import { buildComment, decideCall, notificationsOf, reportCommentCall } from '../../../test/reports-kit.js';
import { appeals, comments, postImages, posts, removedComments } from '../../db/schema.js';
import { sweepRejectedPhotos } from '../../sweeps/rejected-photos.js';

let app: TestApp;
let ref: Refs;
let admin: Awaited<ReturnType<typeof signedIn>>;
let reviewer: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  ref = await refs(app);
  admin = await signedIn(app, { isAdmin: true });
  reviewer = await signedIn(app, { isAdmin: true });
});
// buildComment (reports-kit) inserts comments without their charge.
afterEach(() => expectInvariants(app, { spends: false }));
afterAll(() => app.teardown());

const DAY_MS = 86_400_000;
const STATEMENT = 'Everything in it happened; I was there and the handle is public.';
const appeal = (auth: Auth, payload: object) =>
  app.inject({ method: 'POST', url: `${API}/appeals`, headers: auth, payload });
const eligible = async (auth: Auth) =>
  (await app.inject({ method: 'GET', url: `${API}/appeals/eligible`, headers: auth })).json<AppealableList>().data;
const mine = async (auth: Auth) =>
  (await app.inject({ method: 'GET', url: `${API}/appeals/mine`, headers: auth })).json<AppealList>().data;
const queue = async (auth: Auth, status = 'pending') =>
  (await app.inject({ method: 'GET', url: `${API}/admin/appeals?status=${status}`, headers: auth })).json<AppealList>();
const decide = (auth: Auth, id: string, payload: object) =>
  app.inject({ method: 'PUT', url: `${API}/admin/appeals/${id}`, headers: auth, payload });
const act = (userId: string, payload: object) =>
  app.inject({ method: 'POST', url: `${API}/admin/users/${userId}/actions`, headers: admin.auth, payload });
const postRow = async (id: string) => (await app.ctx.db.select().from(posts).where(eq(posts.id, id)))[0];

/** A tea with two photos, submitted (paying its fee) and rejected by `admin`. */
async function rejectedTea() {
  const author = await signedIn(app, { coins: 100 });
  const res = await submitMultipart(app, author.auth, teaBody(ref), [await pngFile(), await pngFile(20, 20)]);
  expect(res.statusCode).toBe(201);
  const post = postOf(res);
  const rejected = await app.inject({
    method: 'PUT',
    url: `${API}/posts/admin/${post.id}/status`,
    headers: admin.auth,
    payload: { status: 'rejected', reason: 'Looks like a rumour' },
  });
  expect(rejected.statusCode).toBe(200);
  return { author, post };
}

describe('appealing a rejected tea', () => {
  it('upheld by another admin republishes it with its photos and returns the submission fee', async () => {
    const { author, post } = await rejectedTea();
    const paid = 100 - (await balanceOf(app, author.user.id));
    expect(paid).toBe(COSTS.submitTea);

    expect(await eligible(author.auth)).toMatchObject([
      {
        target_type: 'post',
        target_id: post.id,
        title: post.title,
        decision: { kind: 'post_rejected', reason: 'Looks like a rumour' },
      },
    ]);
    const filed = await appeal(author.auth, { target_type: 'post', target_id: post.id, statement: STATEMENT });
    expect(filed.statusCode).toBe(201);
    const made = filed.json<Appeal>();
    expect(made).toMatchObject({ status: 'pending', statement: STATEMENT, content: null, user: null });
    expect(made.decision.decided_by).toBeNull();
    expect(await eligible(author.auth)).toEqual([]);

    const listed = (await queue(reviewer.auth)).data.find((row) => row.id === made.id);
    expect(listed).toMatchObject({
      user: { id: author.user.id },
      decision: { decided_by: admin.user.username, label: 'Tea not published' },
      content: { post_id: post.id, title: post.title },
    });
    expect(listed?.content?.image_urls).toHaveLength(2);

    const same = await decide(admin.auth, made.id, { status: 'upheld', reason: 'Checked, fine.' });
    expect(same.statusCode).toBe(403);
    expect(errorOf(same).detail).toBe(APPEAL_MESSAGES.sameAdmin);
    expect((await postRow(post.id))?.status).toBe('rejected');

    const upheld = await decide(reviewer.auth, made.id, { status: 'upheld', reason: 'The sources check out.' });
    expect(upheld.statusCode).toBe(200);
    expect(upheld.json<Appeal>()).toMatchObject({ status: 'upheld', reviewed_by: reviewer.user.username });
    const published = await app.inject({ method: 'GET', url: `${API}/posts/${post.id}`, headers: author.auth });
    expect(published.json<PostDetail>().status).toBe('approved');
    const urls = published.json<PostDetail>().image_urls;
    expect(urls).toHaveLength(2);
    for (const url of urls) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);

    expect(await balanceOf(app, author.user.id)).toBe(100);
    const refund = (await ledgerOf(app, author.user.id)).find((row) => row.referenceType === 'appeal');
    expect(refund).toMatchObject({ kind: 'refund', delta: paid, referenceId: made.id });
    const notices = await notificationsOf(app, author.user.id);
    expect(notices.find((row) => row.kind === 'appeal_upheld')).toMatchObject({
      body: APPEAL_NOTICE_TEXT.upheld.body('Tea not published', 'The sources check out.'),
      link: '/moderation?tab=status',
    });
    expect((await lastMailTo(app, author.user.email))?.text).toContain('The sources check out.');
    expect((await auditOf(app, post.id)).map((row) => row.action)).toEqual(
      expect.arrayContaining(['appeal.create', 'appeal.upheld', 'post.reinstate']),
    );
    expect((await mine(author.auth))[0]).toMatchObject({
      id: made.id,
      status: 'upheld',
      reason: 'The sources check out.',
    });

    const again = await decide(reviewer.auth, made.id, { status: 'denied', reason: 'Second thoughts' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).detail).toBe(APPEAL_MESSAGES.alreadyReviewed);
  });

  it('is refused a second time, to anyone else, and after the window; nothing is stored', async () => {
    const { author, post } = await rejectedTea();
    const stranger = await signedIn(app);
    const other = await appeal(stranger.auth, { target_type: 'post', target_id: post.id, statement: STATEMENT });
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).detail).toBe(APPEAL_MESSAGES.notFound);
    expect(
      (await appeal(author.auth, { target_type: 'post', target_id: post.id, statement: STATEMENT })).statusCode,
    ).toBe(201);
    const twice = await appeal(author.auth, { target_type: 'post', target_id: post.id, statement: STATEMENT });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).detail).toBe(APPEAL_MESSAGES.alreadyAppealed);

    const late = await rejectedTea();
    await app.ctx.db
      .update(posts)
      .set({ rejectedAt: new Date(Date.now() - 31 * DAY_MS) })
      .where(eq(posts.id, late.post.id));
    expect(await eligible(late.author.auth)).toEqual([]);
    const closed = await appeal(late.author.auth, {
      target_type: 'post',
      target_id: late.post.id,
      statement: STATEMENT,
    });
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed).detail).toBe(APPEAL_MESSAGES.windowClosed);
    expect(await mine(late.author.auth)).toEqual([]);
  });

  it.each([
    [{ target_type: 'post', statement: '  ' }, 'statement', APPEAL_MESSAGES.statementRequired],
    [
      { target_type: 'post', statement: 'x'.repeat(APPEAL_STATEMENT_MAX + 1) },
      'statement',
      APPEAL_MESSAGES.statementTooLong,
    ],
    [{ target_type: 'verdict', statement: STATEMENT }, 'target_type', APPEAL_MESSAGES.targetRequired],
  ])('422 for %j on %s', async (payload, field, message) => {
    const { author, post } = await rejectedTea();
    const res = await appeal(author.auth, { target_id: post.id, ...payload });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors).toContainEqual({ field, message });
    expect(await mine(author.auth)).toEqual([]);
  });

  it('denied leaves the tea down and tells the author why; a pending appeal keeps the photos past the window', async () => {
    const { author, post } = await rejectedTea();
    const made = (
      await appeal(author.auth, { target_type: 'post', target_id: post.id, statement: STATEMENT })
    ).json<Appeal>();
    await sweepRejectedPhotos(app.ctx, new Date(Date.now() + 31 * DAY_MS));
    expect(await app.ctx.db.select().from(postImages).where(eq(postImages.postId, post.id))).toHaveLength(2);

    expect((await decide(reviewer.auth, made.id, { status: 'denied', reason: 'Still a rumour.' })).statusCode).toBe(
      200,
    );
    expect((await postRow(post.id))?.status).toBe('rejected');
    const notices = await notificationsOf(app, author.user.id);
    expect(notices.find((row) => row.kind === 'appeal_denied')?.body).toBe(
      APPEAL_NOTICE_TEXT.denied.body('Tea not published', 'Still a rumour.'),
    );
    expect(await balanceOf(app, author.user.id)).toBe(100 - COSTS.submitTea);
  });
});

describe('appealing a removed comment', () => {
  it('upheld puts the comment and its replies back with their ids and returns the comment fee', async () => {
    const author = await signedIn(app);
    const commenter = await signedIn(app, { coins: 100 });
    const reporter = await signedIn(app, { coins: 100 });
    const post = await approvedPost(app, author.user.id);
    expect((await unlock(app, reporter.auth, post.id)).statusCode).toBe(200);
    const comment = await buildComment(app, post.id, commenter.user.id, 'It happened at the launch party.');
    const reply = await buildComment(app, post.id, author.user.id, 'Not true.');
    await app.ctx.db.update(comments).set({ parentCommentId: comment.id }).where(eq(comments.id, reply.id));
    const report = (await reportCommentCall(app, reporter.auth, comment.id)).json<{ report: { id: string } }>().report;
    expect((await decideCall(app, admin.auth, report.id, { status: 'approved', remove_post: true })).statusCode).toBe(
      200,
    );
    expect(await app.ctx.db.select().from(comments).where(eq(comments.postId, post.id))).toEqual([]);

    expect(await eligible(commenter.auth)).toMatchObject([
      { target_type: 'comment', target_id: comment.id, title: post.title, decision: { kind: 'comment_removed' } },
    ]);
    const made = (
      await appeal(commenter.auth, { target_type: 'comment', target_id: comment.id, statement: STATEMENT })
    ).json<Appeal>();
    expect((await queue(reviewer.auth)).data.find((row) => row.id === made.id)?.content).toMatchObject({
      text: 'It happened at the launch party.',
    });
    const before = await balanceOf(app, commenter.user.id);
    expect((await decide(reviewer.auth, made.id, { status: 'upheld', reason: 'Fair comment.' })).statusCode).toBe(200);

    const back = await app.ctx.db.select().from(comments).where(eq(comments.postId, post.id));
    expect(back.map((row) => row.id).sort()).toEqual([comment.id, reply.id].sort());
    expect(back.find((row) => row.id === reply.id)?.parentCommentId).toBe(comment.id);
    expect(await balanceOf(app, commenter.user.id)).toBe(before + COSTS.comment);
    const [kept] = await app.ctx.db.select().from(removedComments).where(eq(removedComments.commentId, comment.id));
    expect(kept?.restoredAt).toBeInstanceOf(Date);
  });
});

describe('appealing an account action', () => {
  it('a suspended user appeals; upheld lifts the suspension and marks the action reversed', async () => {
    const target = await signedIn(app, { coins: 50 });
    const action = (
      await act(target.user.id, { kind: 'suspension', days: 5, rule: 'respect', message: 'Pile-on.' })
    ).json<{
      id: string;
    }>();
    const post = await approvedPost(app, admin.user.id);
    expect((await unlock(app, target.auth, post.id)).statusCode).toBe(403);

    const made = (
      await appeal(target.auth, { target_type: 'action', target_id: action.id, statement: STATEMENT })
    ).json<Appeal>();
    expect(made.decision).toMatchObject({
      kind: 'suspension',
      reason: 'Pile-on.',
      rule_title: 'Talk about behaviour, not identity',
    });
    expect((await decide(reviewer.auth, made.id, { status: 'upheld', reason: 'Not a pile-on.' })).statusCode).toBe(200);

    const token = target.auth.authorization?.slice(7) ?? '';
    expect((await me(app, token)).json()).toMatchObject({ suspended_until: null });
    expect((await unlock(app, target.auth, post.id)).statusCode).toBe(200);
    const standing = await app.inject({ method: 'GET', url: `${API}/users/me/standing`, headers: target.auth });
    expect(standing.json<{ actions: Array<{ id: string; reversed_at: string | null }> }>().actions[0]).toMatchObject({
      id: action.id,
      reversed_at: expect.any(String),
    });
  });

  it('a banned user appeals by email and reference without signing in; upheld lets them sign in again', async () => {
    const target = await signedIn(app);
    const ban = (await act(target.user.id, { kind: 'ban', rule: 'fair_play', message: 'Second account.' })).json<{
      id: string;
    }>();
    expect((await lastMailTo(app, target.user.email))?.text).toContain(`/moderation?tab=status&reference=${ban.id}`);
    expect((await login(app, target.user.email, target.user.password)).statusCode).toBe(403);

    const banAppeal = (payload: object, remoteAddress = '203.0.113.9') =>
      app.inject({ method: 'POST', url: `${API}/appeals/ban`, payload, remoteAddress });
    const wrong = await banAppeal({ email: 'someone@example.com', reference: ban.id, statement: STATEMENT });
    expect(wrong.statusCode).toBe(404);
    expect(errorOf(wrong).detail).toBe(APPEAL_MESSAGES.banNotFound);
    const filed = await banAppeal({ email: target.user.email, reference: ban.id, statement: STATEMENT });
    expect(filed.statusCode).toBe(201);
    expect(filed.json()).toEqual({ message: APPEAL_MESSAGES.submitted });
    expect((await banAppeal({ email: target.user.email, reference: ban.id, statement: STATEMENT })).statusCode).toBe(
      409,
    );

    const made = (await queue(reviewer.auth)).data.find((row) => row.target_id === ban.id);
    expect(made?.decision.kind).toBe('ban');
    expect(
      (await decide(reviewer.auth, made?.id ?? '', { status: 'upheld', reason: 'One person, one account.' }))
        .statusCode,
    ).toBe(200);
    expect((await login(app, target.user.email, target.user.password)).statusCode).toBe(200);
  });

  it('limits ban appeals per address', async () => {
    const tries = [];
    for (let i = 0; i < 6; i += 1) {
      tries.push(
        await app.inject({
          method: 'POST',
          url: `${API}/appeals/ban`,
          payload: { email: `nobody${i}@example.com`, reference: crypto.randomUUID(), statement: STATEMENT },
          remoteAddress: '198.51.100.77',
        }),
      );
    }
    expect(tries.slice(0, 5).map((res) => res.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect(tries[5]?.statusCode).toBe(429);
  });

  it('only admins read the queue and decide', async () => {
    const reader = await signedIn(app);
    expect((await app.inject({ method: 'GET', url: `${API}/admin/appeals`, headers: reader.auth })).statusCode).toBe(
      403,
    );
    expect((await decide(reader.auth, crypto.randomUUID(), { status: 'denied', reason: 'x' })).statusCode).toBe(403);
    expect((await decide(reviewer.auth, 'junk', { status: 'denied', reason: 'x' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${API}/appeals/mine` })).statusCode).toBe(401);
  });
});

describe('what can be appealed', () => {
  it('lists every open decision newest first, in the same few statements however many there are', async () => {
    const target = await signedIn(app);
    const statements = async () => {
      const before = app.ctx.database.stats().queries;
      const found = await eligible(target.auth);
      return { found, sent: app.ctx.database.stats().queries - before };
    };
    const warn = async (message: string) =>
      (await act(target.user.id, { kind: 'warning', rule: 'respect', message })).json<{ id: string }>().id;
    const first = await warn('First warning.');
    const one = await statements();
    expect(one.found.map((row) => row.target_id)).toEqual([first]);
    const later = [];
    for (const message of ['Second.', 'Third.', 'Fourth.', 'Fifth.']) later.push(await warn(message));
    const five = await statements();
    expect(five.found.map((row) => row.target_id)).toEqual([...later.reverse(), first]);
    expect(five.found[0]?.decision).toMatchObject({ kind: 'warning', reason: 'Fifth.' });
    // The account, the open decisions' ids, then one statement per kind of decision.
    expect(five.sent).toBe(one.sent);
  });
});

describe("an appellant's data", () => {
  it('the export carries their appeals (without the admins) and deleting the account deletes them', async () => {
    const { author, post } = await rejectedTea();
    expect(
      (await appeal(author.auth, { target_type: 'post', target_id: post.id, statement: STATEMENT })).statusCode,
    ).toBe(201);
    const exported = await app.inject({ method: 'GET', url: `${API}/users/me/export`, headers: author.auth });
    const [row] = exported.json<{ appeals: Array<Record<string, unknown>> }>().appeals;
    expect(row).toMatchObject({ target_id: post.id, statement: STATEMENT, status: 'pending' });
    expect(row).not.toHaveProperty('decided_by');

    const gone = await app.inject({
      method: 'DELETE',
      url: `${API}/users/me`,
      headers: author.auth,
      payload: { password: author.user.password },
    });
    expect(gone.statusCode).toBe(200);
    expect(await app.ctx.db.select().from(appeals).where(eq(appeals.userId, author.user.id))).toEqual([]);
  });
});
