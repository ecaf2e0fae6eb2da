import {
  NOTIFICATION_TEXT,
  PRIVACY_DECISION_MESSAGES,
  type FlaggedComment,
  type GuardScanStatus,
  type GuardSummary,
  type OwnPost,
  type OwnPostList,
} from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { API, errorOf } from '../../../../test/http.js';
import {
  auditOf,
  buildPost,
  expectInvariants,
  postOf,
  signedIn,
  submitJson,
  teaBody,
  usePostsApp,
  type Auth,
  type Refs,
} from '../../../../test/posts-kit.js';
import { postComment } from '../../../../test/conversation-kit.js';
import { eventually } from '../../../../test/eventually.js';
import { unlock } from '../../../../test/reading-kit.js';
import { auditLog, comments, notifications, posts, privacyReviews } from '../../../db/schema.js';
import { scanPublished } from './guard-scan.js';

let app: TestApp;
let ref: Refs;
usePostsApp((made) => {
  ({ app, ref } = made);
});
afterEach(() => expectInvariants(app));

const PHONE_TEA = 'Saw him at the bar again. Call him at (512) 867-2291 if you want the rest.';
const asAdmin = async () => (await signedIn(app, { isAdmin: true })).auth;
const get = async <T>(auth: Auth, url: string) =>
  (await app.inject({ method: 'GET', url: `${API}${url}`, headers: auth })).json<T>();
const post = (auth: Auth, url: string) => app.inject({ method: 'POST', url: `${API}${url}`, headers: auth });

/** A tea published before the guard existed: approved, with a phone number nobody checked. */
async function publishedUnchecked(content = PHONE_TEA) {
  const author = await signedIn(app, { coins: 100 });
  const row = await buildPost(app, author.user.id, { status: 'approved', content, publishedAt: new Date() });
  return { author, row };
}

/** A comment published, and paid for, before the guard existed: its words changed under it since. */
async function uncheckedComment(auth: Auth, postId: string, content: string) {
  const res = await postComment(app, auth, postId, { content: 'A comment from before the guard.' });
  expect(res.statusCode, res.body).toBe(201);
  const { comment } = res.json<{ comment: { id: string } }>();
  await app.ctx.db.update(comments).set({ content }).where(eq(comments.id, comment.id));
  return comment;
}

async function scanToTheEnd(admin: Auth): Promise<GuardScanStatus> {
  const started = await post(admin, '/guard/admin/scan');
  expect(started.statusCode).toBe(202);
  let status = started.json<GuardScanStatus>();
  await eventually(async () => {
    status = await get<GuardScanStatus>(admin, '/guard/admin/scan');
    return !status.running;
  });
  return status;
}

describe('the admin area’s scan of what is already published', () => {
  it('flags a published tea and comment into the queue without unpublishing either, once', async () => {
    const { author, row } = await publishedUnchecked();
    const comment = await uncheckedComment(author.auth, row.id, 'Her daughter is in 7th grade at Lincoln Middle.');
    const admin = await asAdmin();

    const status = await scanToTheEnd(admin);
    expect(status).toMatchObject({ failed: false, flagged_teas: 1, flagged_comments: 1 });
    expect(status.teas).toBeGreaterThanOrEqual(1);
    expect(status.finished_at).not.toBeNull();

    const [tea] = await app.ctx.db.select().from(posts).where(eq(posts.id, row.id));
    expect(tea?.status).toBe('approved');
    const queue = await get<OwnPostList>(admin, '/posts/admin/all?flag=privacy&limit=100');
    const listed = queue.data.find((one) => one.id === row.id);
    expect(listed?.privacy).toMatchObject({ flags: ['privacy'], status: 'open', held: true });
    const [review] = await app.ctx.db.select().from(privacyReviews).where(eq(privacyReviews.postId, row.id));
    expect(review?.source).toBe('scan');

    const flagged = await get<{ data: FlaggedComment[] }>(admin, '/guard/admin/comments');
    expect(flagged.data.map((one) => [one.id, one.flags])).toContainEqual([comment.id, ['minor']]);
    const again = await scanToTheEnd(admin);
    expect(again).toMatchObject({ flagged_teas: 0, flagged_comments: 0 });
    const scans = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'guard.scan'));
    expect(scans).toHaveLength(2);
  });

  it('is what npm run guard:scan runs: the same function over the database', async () => {
    const { row } = await publishedUnchecked('Her email is jess.m@gmail.com, write to her.');
    const counts = await scanPublished(app.ctx.db);
    expect(counts.flagged_teas).toBe(1);
    const [review] = await app.ctx.db.select().from(privacyReviews).where(eq(privacyReviews.postId, row.id));
    expect(review?.findings.map((found) => found.kind)).toEqual(['email']);
  });

  it('counts open flags per kind and held comments for the admin home', async () => {
    const admin = await asAdmin();
    const before = await get<GuardSummary>(admin, '/guard/admin/summary');
    const author = await signedIn(app, { coins: 100 });
    await submitJson(app, author.auth, teaBody(ref, { content: 'Her son was there, call (512) 867-2291.' }));
    await submitJson(app, author.auth, teaBody(ref, { content: 'He steals from the register every shift.' }));
    const after = await get<GuardSummary>(admin, '/guard/admin/summary');
    expect(after.flags.privacy - before.flags.privacy).toBe(1);
    expect(after.flags.minor - before.flags.minor).toBe(1);
    expect(after.flags.allegation - before.flags.allegation).toBe(1);
    expect(after.flagged_teas - before.flagged_teas).toBe(2);
    expect(after.scan).toMatchObject({ running: false });
  });
});

describe('a moderator’s decisions on what the scan flagged', () => {
  it('redacts a published tea, which stays published, and tells its author', async () => {
    const { author, row } = await publishedUnchecked();
    await scanPublished(app.ctx.db);
    const res = await post(await asAdmin(), `/posts/admin/${row.id}/redact-approve`);
    expect(res.statusCode).toBe(200);
    const redacted: OwnPost = postOf(res);
    expect(redacted.status).toBe('approved');
    expect(redacted.content).toBe('Saw him at the bar again. Call him at [phone removed] if you want the rest.');
    const told = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, author.user.id));
    expect(told.map((notice) => notice.body)).toEqual([NOTIFICATION_TEXT.postRedacted.body(row.title, 'phone number')]);
  });

  it('keeps a tea as it is: the review closes, the queue drops it, and a second keep is 404', async () => {
    const { row } = await publishedUnchecked();
    await scanPublished(app.ctx.db);
    const admin = await asAdmin();
    const kept = await post(admin, `/guard/admin/posts/${row.id}/clear`);
    expect(kept.statusCode).toBe(204);
    const queue = await get<OwnPostList>(admin, '/posts/admin/all?flag=privacy&limit=100');
    expect(queue.data.map((one) => one.id)).not.toContain(row.id);
    expect((await auditOf(app, row.id)).map((entry) => entry.action)).toEqual(['guard.clear']);
    const twice = await post(admin, `/guard/admin/posts/${row.id}/clear`);
    expect(twice.statusCode).toBe(404);
    expect(errorOf(twice).detail).toBe(PRIVACY_DECISION_MESSAGES.nothingOpen);
  });

  it('redacts a published comment, tells its writer, and audits without the words', async () => {
    const { row } = await publishedUnchecked('A perfectly ordinary tea about a kettle.');
    const writer = await signedIn(app, { coins: 100 });
    expect((await unlock(app, writer.auth, row.id)).statusCode).toBe(200);
    const comment = await uncheckedComment(writer.auth, row.id, 'text her at (512) 867-2291 lol');
    await scanPublished(app.ctx.db);
    const res = await post(await asAdmin(), `/guard/admin/comments/${comment.id}/redact`);
    expect(res.statusCode).toBe(204);
    const [after] = await app.ctx.db.select().from(comments).where(eq(comments.id, comment.id));
    expect(after?.content).toBe('text her at [phone removed] lol');
    const told = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, writer.user.id));
    expect(told.map((notice) => [notice.kind, notice.body])).toEqual([
      ['comment_redacted', NOTIFICATION_TEXT.commentRedacted.body('phone number')],
    ]);
    const audits = await auditOf(app, comment.id);
    expect(audits.map((entry) => entry.action)).toEqual(['comment.redact']);
    expect(JSON.stringify(audits[0]?.data)).not.toContain('867-2291');
  });

  it('is for admins only, and an unknown id is 404', async () => {
    const member = await signedIn(app);
    for (const url of ['/guard/admin/summary', '/guard/admin/scan', '/guard/admin/comments']) {
      expect((await app.inject({ method: 'GET', url: `${API}${url}`, headers: member.auth })).statusCode).toBe(403);
    }
    expect((await post(member.auth, '/guard/admin/scan')).statusCode).toBe(403);
    expect((await post({}, '/guard/admin/scan')).statusCode).toBe(401);
    const admin = await asAdmin();
    expect((await post(admin, `/guard/admin/comments/${crypto.randomUUID()}/redact`)).statusCode).toBe(404);
    expect((await post(admin, '/guard/admin/posts/not-an-id/clear')).statusCode).toBe(404);
  });
});
