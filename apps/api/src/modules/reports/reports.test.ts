import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  MESSAGES,
  REPORT_MESSAGES,
  type MyReport,
  type ReportCreated,
  type ReportList,
} from '@kettle/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { errorOf } from '../../../test/http.js';
import { balanceOf, buildPost, expectInvariants, signedIn } from '../../../test/posts-kit.js';
import { reports } from '../../db/schema.js';
import { approvedPost, unlock } from '../../../test/reading-kit.js';
import {
  buildComment,
  myReportCall,
  myReportsCall,
  REFERENCE,
  reportCommentCall,
  reportPostCall,
  reportRow,
  reportSpends,
  takedownBody,
  takedownCall,
} from '../../../test/reports-kit.js';

let app: TestApp;
let author: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  author = await signedIn(app, { coins: 100 });
});
// buildComment (reports-kit) inserts comments without their charge.
afterEach(() => expectInvariants(app, { spends: false }));
afterAll(() => app.teardown());

const postReportsOf = (postId: string) =>
  app.ctx.db
    .select()
    .from(reports)
    .where(and(eq(reports.kind, 'post'), eq(reports.postId, postId)));

describe('POST /api/v1/posts/{id}/report', () => {
  it('needs a signed-in user with a verified address, and charges nothing otherwise', async () => {
    const post = await approvedPost(app, author.user.id);
    const visitor = await reportPostCall(app, {}, post.id);
    expect(visitor.statusCode).toBe(401);
    const unverified = await signedIn(app, { verified: false, coins: 100 });
    const res = await reportPostCall(app, unverified.auth, post.id);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe(ERROR_CODES.emailNotVerified);
    expect(await balanceOf(app, unverified.user.id)).toBe(100);
    expect(await postReportsOf(post.id)).toHaveLength(0);
  });

  it('files a pending report for 15 coins without an unlock, and answers it with the new balance', async () => {
    const reader = await signedIn(app, { coins: 100 });
    const post = await approvedPost(app, author.user.id);
    const res = await reportPostCall(app, reader.auth, post.id, {
      reason: 'false_information',
      description: '  Made up from start to finish.  ',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<ReportCreated>();
    expect(body).toMatchObject({
      message: 'Your report has been submitted and is pending review.',
      coin_balance: 85,
      report: {
        kind: 'post',
        post_id: post.id,
        comment_id: null,
        comment_excerpt: null,
        reason: 'false_information',
        description: 'Made up from start to finish.',
        status: 'pending',
        admin_notes: null,
        reporter_username: null,
        contact_email: null,
      },
    });
    expect(body.report.reportId).toBe(body.report.id);
    expect(body.report.reference).toMatch(REFERENCE);
    expect(await balanceOf(app, reader.user.id)).toBe(85);
    const spends = await reportSpends(app, reader.user.id);
    expect(spends).toMatchObject([{ delta: -15, referenceType: 'report', referenceId: body.report.id }]);
    expect(await reportRow(app, body.report.id)).toMatchObject({ reporterId: reader.user.id, kind: 'post' });
  });

  it('accepts a reason alone (details are optional) and refuses a missing reason or long details', async () => {
    const reader = await signedIn(app, { coins: 100 });
    const post = await approvedPost(app, author.user.id);
    const missing = await reportPostCall(app, reader.auth, post.id, { description: 'no reason' });
    expect(missing.statusCode).toBe(422);
    expect(errorOf(missing).errors).toEqual([{ field: 'reason', message: REPORT_MESSAGES.reasonRequired }]);
    const long = await reportPostCall(app, reader.auth, post.id, { reason: 'spam', description: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(422);
    expect(errorOf(long).detail).toBe(REPORT_MESSAGES.descriptionTooLong);
    expect(await balanceOf(app, reader.user.id)).toBe(100);
    const ok = await reportPostCall(app, reader.auth, post.id, { reason: 'other' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json<ReportCreated>().report.description).toBe('');
  });

  it('refuses a second report of the same tea with 409 and no second charge', async () => {
    const reader = await signedIn(app, { coins: 100 });
    const post = await approvedPost(app, author.user.id);
    expect((await reportPostCall(app, reader.auth, post.id)).statusCode).toBe(201);
    const again = await reportPostCall(app, reader.auth, post.id, { reason: 'harassment' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ detail: REPORT_MESSAGES.duplicate, code: ERROR_CODES.conflict });
    expect(await balanceOf(app, reader.user.id)).toBe(85);
    expect(await reportSpends(app, reader.user.id)).toHaveLength(1);
    expect(await postReportsOf(post.id)).toHaveLength(1);
  });

  it('20 concurrent reports of one tea by one user store one row and charge once', async () => {
    const reader = await signedIn(app, { coins: 1000 });
    const post = await approvedPost(app, author.user.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => reportPostCall(app, reader.auth, post.id)));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    expect(await postReportsOf(post.id)).toHaveLength(1);
    expect(await reportSpends(app, reader.user.id)).toHaveLength(1);
    expect(await balanceOf(app, reader.user.id)).toBe(985);
  });

  it('lets different users each report the same tea once', async () => {
    const post = await approvedPost(app, author.user.id);
    const readers = await Promise.all([1, 2, 3].map(() => signedIn(app, { coins: 15 })));
    const answers = await Promise.all(readers.map((reader) => reportPostCall(app, reader.auth, post.id)));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect(await postReportsOf(post.id)).toHaveLength(3);
    for (const reader of readers) expect(await balanceOf(app, reader.user.id)).toBe(0);
  });

  it('answers 402 on a short balance and stores nothing', async () => {
    const reader = await signedIn(app, { coins: 14 });
    const post = await approvedPost(app, author.user.id);
    const res = await reportPostCall(app, reader.auth, post.id);
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).code).toBe(ERROR_CODES.insufficientCoins);
    expect(await balanceOf(app, reader.user.id)).toBe(14);
    expect(await postReportsOf(post.id)).toHaveLength(0);
  });

  it('refuses the author (403) and admins (403) without a charge', async () => {
    const post = await approvedPost(app, author.user.id);
    const own = await reportPostCall(app, author.auth, post.id);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).detail).toBe(REPORT_MESSAGES.ownPost);
    const admin = await signedIn(app, { isAdmin: true, coins: 100 });
    const byAdmin = await reportPostCall(app, admin.auth, post.id);
    expect(byAdmin.statusCode).toBe(403);
    expect(errorOf(byAdmin).detail).toBe(REPORT_MESSAGES.adminsDontReport);
    expect(await balanceOf(app, author.user.id)).toBe(100);
    expect(await balanceOf(app, admin.user.id)).toBe(100);
    expect(await postReportsOf(post.id)).toHaveLength(0);
  });

  it('answers 404 for pending, rejected, unknown and malformed ids, and charges nothing', async () => {
    const reader = await signedIn(app, { coins: 100 });
    const pending = await buildPost(app, author.user.id, { status: 'pending' });
    const rejected = await buildPost(app, author.user.id, { status: 'rejected' });
    for (const id of [pending.id, rejected.id, randomUUID(), 'junk']) {
      const res = await reportPostCall(app, reader.auth, id);
      expect(res.statusCode, id).toBe(404);
      expect(errorOf(res).detail).toBe(MESSAGES.notFound.post);
    }
    expect(await balanceOf(app, reader.user.id)).toBe(100);
  });
});

describe('POST /api/v1/comments/{id}/report', () => {
  it('reports a comment the reader can read: kind comment, its post, and the first 280 characters', async () => {
    const reader = await signedIn(app, { coins: 100 });
    const commenter = await signedIn(app);
    const post = await approvedPost(app, author.user.id);
    expect((await unlock(app, reader.auth, post.id)).statusCode).toBe(200);
    const content = `${'a'.repeat(279)}🙂 and more words after the cut`;
    const comment = await buildComment(app, post.id, commenter.user.id, content);
    const res = await reportCommentCall(app, reader.auth, comment.id);
    expect(res.statusCode).toBe(201);
    const body = res.json<ReportCreated>();
    expect(body).toMatchObject({
      message: REPORT_MESSAGES.submitted,
      coin_balance: 100 - 40 - 15,
      report: {
        kind: 'comment',
        post_id: post.id,
        comment_id: comment.id,
        comment_excerpt: `${'a'.repeat(279)}🙂`,
        reason: 'harassment',
        status: 'pending',
        reporter_username: null,
        // Only admins learn whose content it is.
        content_author_id: null,
      },
    });
    expect(await reportSpends(app, reader.user.id)).toMatchObject([{ delta: -15, referenceId: body.report.id }]);

    const again = await reportCommentCall(app, reader.auth, comment.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).detail).toBe(REPORT_MESSAGES.duplicate);
    expect(await reportSpends(app, reader.user.id)).toHaveLength(1);
    // A comment report is not a report of the post: the post can still be reported.
    expect((await reportPostCall(app, reader.auth, post.id)).statusCode).toBe(201);
  });

  it('20 concurrent reports of one comment store one row and charge once', async () => {
    const reader = await signedIn(app, { coins: 1000 });
    const post = await approvedPost(app, author.user.id);
    expect((await unlock(app, reader.auth, post.id)).statusCode).toBe(200);
    const comment = await buildComment(app, post.id, author.user.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => reportCommentCall(app, reader.auth, comment.id)),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(19);
    expect(await app.ctx.db.select().from(reports).where(eq(reports.commentId, comment.id))).toHaveLength(1);
    expect(await reportSpends(app, reader.user.id)).toHaveLength(1);
  });

  it('answers 402 on a short balance and stores nothing', async () => {
    const reader = await signedIn(app, { coins: 40 + 14 });
    const post = await approvedPost(app, author.user.id);
    expect((await unlock(app, reader.auth, post.id)).statusCode).toBe(200);
    const comment = await buildComment(app, post.id, author.user.id);
    const res = await reportCommentCall(app, reader.auth, comment.id);
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).code).toBe(ERROR_CODES.insufficientCoins);
    expect(await balanceOf(app, reader.user.id)).toBe(14);
    expect(await app.ctx.db.select().from(reports).where(eq(reports.commentId, comment.id))).toHaveLength(0);
  });

  it('lets the tea author report comments on their tea without an unlock', async () => {
    const post = await approvedPost(app, author.user.id);
    const commenter = await signedIn(app);
    const comment = await buildComment(app, post.id, commenter.user.id);
    const res = await reportCommentCall(app, author.auth, comment.id);
    expect(res.statusCode).toBe(201);
    expect(res.json<ReportCreated>().report.comment_id).toBe(comment.id);
  });

  it('refuses one’s own comment (403) and admins (403)', async () => {
    const reader = await signedIn(app, { coins: 100 });
    const post = await approvedPost(app, author.user.id);
    expect((await unlock(app, reader.auth, post.id)).statusCode).toBe(200);
    const mine = await buildComment(app, post.id, reader.user.id);
    const own = await reportCommentCall(app, reader.auth, mine.id);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).detail).toBe(REPORT_MESSAGES.ownComment);
    const admin = await signedIn(app, { isAdmin: true, coins: 100 });
    const byAdmin = await reportCommentCall(app, admin.auth, mine.id);
    expect(byAdmin.statusCode).toBe(403);
    expect(await balanceOf(app, reader.user.id)).toBe(60);
    expect(await balanceOf(app, admin.user.id)).toBe(100);
  });

  it('answers 404 for a comment behind a lock the reader never opened, and for unknown ids', async () => {
    const reader = await signedIn(app, { coins: 100 });
    const post = await approvedPost(app, author.user.id);
    const comment = await buildComment(app, post.id, author.user.id);
    const pending = await buildPost(app, author.user.id, { status: 'pending' });
    const hidden = await buildComment(app, pending.id, author.user.id);
    for (const id of [comment.id, hidden.id, randomUUID(), 'junk']) {
      const res = await reportCommentCall(app, reader.auth, id);
      expect(res.statusCode, id).toBe(404);
      expect(errorOf(res).detail).toBe(MESSAGES.notFound.comment);
    }
    expect((await reportCommentCall(app, {}, comment.id)).statusCode).toBe(401);
    expect(await balanceOf(app, reader.user.id)).toBe(100);
  });
});

describe('GET /api/v1/posts/{id}/my-report', () => {
  it("answers the caller's own report or null, never someone else's", async () => {
    const reader = await signedIn(app, { coins: 100 });
    const other = await signedIn(app, { coins: 100 });
    const post = await approvedPost(app, author.user.id);
    expect((await myReportCall(app, {}, post.id)).statusCode).toBe(401);
    expect((await myReportCall(app, reader.auth, post.id)).json<MyReport>()).toEqual({ report: null });
    const filed = (await reportPostCall(app, reader.auth, post.id)).json<ReportCreated>().report;
    const mine = await myReportCall(app, reader.auth, post.id);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<MyReport>().report).toEqual(filed);
    expect((await myReportCall(app, other.auth, post.id)).json<MyReport>()).toEqual({ report: null });
    for (const id of [randomUUID(), 'junk']) {
      expect((await myReportCall(app, reader.auth, id)).json<MyReport>()).toEqual({ report: null });
    }
  });
});

describe('GET /api/v1/reports/me', () => {
  it("lists only the caller's reports and requests, newest first, paged and filtered", async () => {
    const ann = await signedIn(app, { coins: 200 });
    const bob = await signedIn(app, { coins: 200 });
    expect((await myReportsCall(app, {})).statusCode).toBe(401);
    const posts = await Promise.all([1, 2, 3].map(() => approvedPost(app, author.user.id)));
    const annIds: string[] = [];
    for (const post of posts) {
      annIds.push((await reportPostCall(app, ann.auth, post.id)).json<ReportCreated>().report.id);
    }
    const bobReport = (await reportPostCall(app, bob.auth, posts[0]?.id ?? '')).json<ReportCreated>().report;
    const takedown = await takedownCall(app, takedownBody(), { auth: ann.auth });
    expect(takedown.statusCode).toBe(201);
    const takedownRef = takedown.json<{ reference: string }>().reference;

    const all = await myReportsCall(app, ann.auth);
    expect(all.statusCode).toBe(200);
    const list = all.json<ReportList>();
    expect(list).toMatchObject({ total: 4, total_pages: 1, has_next: false, has_previous: false });
    expect(list.reports.map((r) => r.reference)[0]).toBe(takedownRef);
    expect(list.reports.slice(1).map((r) => r.id)).toEqual([...annIds].reverse());
    expect(list.reports.map((r) => r.id)).not.toContain(bobReport.id);
    // The reporter's view: no contact or account fields, no desk notes.
    for (const report of list.reports) {
      expect(report).toMatchObject({ reporter_username: null, contact_email: null, admin_notes: null });
    }

    const page2 = (await myReportsCall(app, ann.auth, '?skip=2&limit=2')).json<ReportList>();
    expect(page2).toMatchObject({ total: 4, total_pages: 2, has_next: false, has_previous: true });
    expect(page2.reports.map((r) => r.id)).toEqual([annIds[1], annIds[0]]);
    const page1 = (await myReportsCall(app, ann.auth, '?skip=0&limit=2')).json<ReportList>();
    expect(page1).toMatchObject({ has_next: true, has_previous: false });

    await app.ctx.db
      .update(reports)
      .set({ status: 'approved' })
      .where(eq(reports.id, annIds[0] ?? ''));
    const approved = (await myReportsCall(app, ann.auth, '?status=approved')).json<ReportList>();
    expect(approved.reports.map((r) => r.id)).toEqual([annIds[0]]);
    expect(approved.total).toBe(1);

    const bobs = (await myReportsCall(app, bob.auth)).json<ReportList>();
    expect(bobs.reports.map((r) => r.id)).toEqual([bobReport.id]);
  });
});
