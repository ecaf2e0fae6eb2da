import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  NOTIFICATION_TEXT,
  REPORT_MESSAGES,
  type ReportCreated,
  type ReportList,
  type ReportUpdated,
} from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { errorOf } from '../../../test/http.js';
import { lastMailTo } from '../../../test/mailbox.js';
import { auditOf, balanceOf, expectInvariants, ledgerOf, signedIn } from '../../../test/posts-kit.js';
import { comments, posts, reports } from '../../db/schema.js';
import { approvedPost, getPost, unlock } from '../../../test/reading-kit.js';
import {
  buildComment,
  decideCall,
  deskCall,
  notificationsOf,
  reportCommentCall,
  reportPostCall,
  reportRow,
  takedownBody,
  takedownCall,
} from '../../../test/reports-kit.js';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let author: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, { isAdmin: true });
  author = await signedIn(app);
});
// buildComment (reports-kit) inserts comments without their charge.
afterEach(() => expectInvariants(app, { spends: false }));
afterAll(() => app.teardown());

/** A member's pending report of a fresh published tea. */
async function filedPostReport(coins = 100) {
  const reporter = await signedIn(app, { coins });
  const post = await approvedPost(app, author.user.id);
  const res = await reportPostCall(app, reporter.auth, post.id);
  if (res.statusCode !== 201) throw new Error(`report answered ${res.statusCode}: ${res.body}`);
  return { reporter, post, report: res.json<ReportCreated>().report };
}

const postExists = async (id: string) =>
  (await app.ctx.db.select({ id: posts.id }).from(posts).where(eq(posts.id, id))).length > 0;

describe('reports desk: access', () => {
  it('GET and PUT: visitor 401, member 403, admin 200', async () => {
    const { reporter, report } = await filedPostReport();
    expect((await deskCall(app, {})).statusCode).toBe(401);
    const denied = await deskCall(app, reporter.auth);
    expect(denied.statusCode).toBe(403);
    expect(errorOf(denied).code).toBe(ERROR_CODES.forbidden);
    expect((await deskCall(app, admin.auth)).statusCode).toBe(200);

    const body = { status: 'approved' };
    expect((await decideCall(app, {}, report.id, body)).statusCode).toBe(401);
    expect((await decideCall(app, reporter.auth, report.id, body)).statusCode).toBe(403);
    expect((await reportRow(app, report.id))?.status).toBe('pending');
    expect((await decideCall(app, admin.auth, report.id, body)).statusCode).toBe(200);
  });

  it('answers 404 "Report not found." for unknown and malformed ids, 422 for a bad status', async () => {
    for (const id of [randomUUID(), 'junk']) {
      const res = await decideCall(app, admin.auth, id, { status: 'rejected' });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).detail).toBe(REPORT_MESSAGES.notFound);
    }
    const { report } = await filedPostReport();
    const bad = await decideCall(app, admin.auth, report.id, { status: 'closed' });
    expect(bad.statusCode).toBe(422);
    expect(errorOf(bad).code).toBe(ERROR_CODES.validation);
  });
});

describe('GET /api/v1/posts/admin/reports', () => {
  it('lists every kind newest first with reporter, contact and excerpt; pages, totals and status filter', async () => {
    await app.ctx.db.delete(reports);
    const first = await filedPostReport();
    const commentReporter = await signedIn(app, { coins: 100 });
    const post = await approvedPost(app, author.user.id);
    expect((await unlock(app, commentReporter.auth, post.id)).statusCode).toBe(200);
    const commenter = await signedIn(app);
    const comment = await buildComment(app, post.id, commenter.user.id, 'Rude words about the subject.');
    const commentReport = (await reportCommentCall(app, commentReporter.auth, comment.id)).json<ReportCreated>();
    const visitorRequest = takedownBody({ email: 'Visitor.Asker@Example.test' });
    expect((await takedownCall(app, visitorRequest)).statusCode).toBe(201);
    const extra = [];
    for (let i = 0; i < 8; i += 1) extra.push((await filedPostReport()).report);

    const page1 = await deskCall(app, admin.auth, '?skip=0&limit=9');
    expect(page1.statusCode).toBe(200);
    const list = page1.json<ReportList>();
    expect(list).toMatchObject({ total: 11, total_pages: 2, has_next: true, has_previous: false });
    expect(list.reports).toHaveLength(9);
    expect(list.reports.slice(0, 8).map((r) => r.id)).toEqual(extra.map((r) => r.id).reverse());
    const takedown = list.reports[8];
    expect(takedown).toMatchObject({
      kind: 'takedown',
      contact_email: 'visitor.asker@example.test',
      reporter_username: null,
      content_author_id: null,
      reason: 'privacy_violation',
      content_url: visitorRequest.content_url,
      post_id: null,
      status: 'pending',
    });

    const page2 = (await deskCall(app, admin.auth, '?skip=9&limit=9')).json<ReportList>();
    expect(page2).toMatchObject({ total: 11, total_pages: 2, has_next: false, has_previous: true });
    expect(page2.reports.map((r) => r.id)).toEqual([commentReport.report.id, first.report.id]);
    expect(page2.reports[0]).toMatchObject({
      kind: 'comment',
      comment_excerpt: 'Rude words about the subject.',
      comment_id: comment.id,
      post_id: post.id,
      reporter_username: commentReporter.user.username,
      // The admin acts on whoever wrote what was reported: the comment's author, or the tea's.
      content_author_id: commenter.user.id,
      contact_email: null,
    });
    expect(page2.reports[1]?.reporter_username).toBe(first.reporter.user.username);
    expect(page2.reports[1]?.content_author_id).toBe(author.user.id);

    await decideCall(app, admin.auth, first.report.id, { status: 'rejected' });
    await decideCall(app, admin.auth, extra[0]?.id ?? '', { status: 'approved' });
    const rejected = (await deskCall(app, admin.auth, '?status=rejected')).json<ReportList>();
    expect(rejected).toMatchObject({ total: 1, total_pages: 1, has_next: false, has_previous: false });
    expect(rejected.reports.map((r) => r.id)).toEqual([first.report.id]);
    const pending = (await deskCall(app, admin.auth, '?status=pending&limit=100')).json<ReportList>();
    expect(pending.total).toBe(9);
    expect(pending.reports.every((r) => r.status === 'pending')).toBe(true);

    const empty = (await deskCall(app, admin.auth, '?skip=50')).json<ReportList>();
    expect(empty).toMatchObject({ reports: [], total: 11, has_next: false, has_previous: true });
    expect((await deskCall(app, admin.auth, '?limit=101')).statusCode).toBe(422);
  });
});

describe('PUT /api/v1/posts/admin/reports/{id}', () => {
  it('sets status and notes, records who decided, audits, and tells the reporter in the app', async () => {
    const { reporter, post, report } = await filedPostReport();
    const res = await decideCall(app, admin.auth, report.id, { status: 'approved', admin_notes: '  Clear spam.  ' });
    expect(res.statusCode).toBe(200);
    const body = res.json<ReportUpdated>();
    expect(body.message).toBe('Report status updated to approved.');
    expect(body.report).toMatchObject({
      id: report.id,
      status: 'approved',
      admin_notes: 'Clear spam.',
      reporter_username: reporter.user.username,
      post_id: post.id,
    });
    const row = await reportRow(app, report.id);
    expect(row).toMatchObject({ resolvedBy: admin.user.id, status: 'approved' });
    expect(row?.resolvedAt).toBeInstanceOf(Date);

    const audit = await auditOf(app, report.id);
    expect(audit).toMatchObject([
      {
        actorId: admin.user.id,
        action: 'report.update',
        targetType: 'report',
        data: {
          before: { status: 'pending', admin_notes: null },
          after: { status: 'approved', admin_notes: 'Clear spam.' },
          removed: null,
        },
      },
    ]);
    const [notice] = await notificationsOf(app, reporter.user.id);
    expect(notice).toMatchObject({
      kind: 'report_approved',
      title: NOTIFICATION_TEXT.reportApproved.title,
      body: NOTIFICATION_TEXT.reportApproved.body(`the tea "${post.title}"`),
      link: `/posts/${post.id}`,
    });
    // The author of the reported tea is told nothing about who reported it.
    expect(await notificationsOf(app, author.user.id)).toEqual([]);
  });

  it('notifies only when the status moves to approved or rejected; pending clears the decision', async () => {
    const { reporter, post, report } = await filedPostReport();
    expect(
      (await decideCall(app, admin.auth, report.id, { status: 'pending', admin_notes: 'Looking' })).statusCode,
    ).toBe(200);
    expect(await notificationsOf(app, reporter.user.id)).toHaveLength(0);

    await decideCall(app, admin.auth, report.id, { status: 'rejected' });
    const notices = await notificationsOf(app, reporter.user.id);
    expect(notices).toMatchObject([
      { kind: 'report_rejected', body: NOTIFICATION_TEXT.reportRejected.body(`the tea "${post.title}"`) },
    ]);
    // Notes absent: kept; the same status again: no second notice.
    const same = await decideCall(app, admin.auth, report.id, { status: 'rejected' });
    expect(same.json<ReportUpdated>().report.admin_notes).toBe('Looking');
    expect(await notificationsOf(app, reporter.user.id)).toHaveLength(1);
    // Blank notes clear them.
    const cleared = await decideCall(app, admin.auth, report.id, { status: 'rejected', admin_notes: '' });
    expect(cleared.json<ReportUpdated>().report.admin_notes).toBeNull();

    await decideCall(app, admin.auth, report.id, { status: 'pending' });
    expect(await reportRow(app, report.id)).toMatchObject({ status: 'pending', resolvedBy: null, resolvedAt: null });
    expect(await auditOf(app, report.id)).toHaveLength(5);
  });

  it('remove_post with approved takes the tea down as a rejection: readers refunded, author told, open to appeal', async () => {
    const { reporter, post, report } = await filedPostReport();
    const reader = await signedIn(app, { coins: 100 });
    expect((await unlock(app, reader.auth, post.id)).statusCode).toBe(200);
    expect(await balanceOf(app, reader.user.id)).toBe(60);

    const res = await decideCall(app, admin.auth, report.id, { status: 'approved', remove_post: true });
    expect(res.statusCode).toBe(200);
    // The row stays, rejected, for the author's 30-day appeal window; the public sees nothing.
    const [row] = await app.ctx.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({
      status: 'rejected',
      rejectionReason: REPORT_MESSAGES.removedReason,
      rejectedBy: admin.user.id,
    });
    expect((await getPost(app, post.id)).statusCode).toBe(404);
    expect(res.json<ReportUpdated>().report).toMatchObject({ status: 'approved', post_id: post.id });
    expect(await balanceOf(app, reader.user.id)).toBe(100);
    expect((await ledgerOf(app, reader.user.id)).filter((row) => row.kind === 'refund')).toHaveLength(1);
    expect((await auditOf(app, post.id)).map((row) => row.action)).toEqual(['post.remove']);
    expect((await auditOf(app, report.id))[0]?.data).toMatchObject({ removed: { post_id: post.id } });
    // The reporter's fee is not refunded: the report was upheld, not undone.
    expect(await balanceOf(app, reporter.user.id)).toBe(85);
    const [notice] = await notificationsOf(app, reporter.user.id);
    expect(notice).toMatchObject({ kind: 'report_approved', link: '/moderation?tab=status' });
    const [told] = await notificationsOf(app, author.user.id);
    expect(told).toMatchObject({ kind: 'post_rejected' });
    expect(told?.body).toContain(REPORT_MESSAGES.removedReason);
  });

  it('remove_post without approval removes nothing', async () => {
    const { post, report } = await filedPostReport();
    const res = await decideCall(app, admin.auth, report.id, { status: 'rejected', remove_post: true });
    expect(res.statusCode).toBe(200);
    expect(await postExists(post.id)).toBe(true);
    expect(res.json<ReportUpdated>().report.post_id).toBe(post.id);
  });

  it('remove_post on an approved comment report deletes the comment (and its replies), not the tea', async () => {
    const reporter = await signedIn(app, { coins: 100 });
    const commenter = await signedIn(app);
    const post = await approvedPost(app, author.user.id);
    expect((await unlock(app, reporter.auth, post.id)).statusCode).toBe(200);
    const comment = await buildComment(app, post.id, commenter.user.id, 'Something nasty.');
    const [reply] = await app.ctx.db
      .insert(comments)
      .values({ postId: post.id, userId: author.user.id, content: 'A reply.', parentCommentId: comment.id })
      .returning();
    const filed = (await reportCommentCall(app, reporter.auth, comment.id)).json<ReportCreated>().report;

    const res = await decideCall(app, admin.auth, filed.id, { status: 'approved', remove_post: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<ReportUpdated>().report).toMatchObject({
      comment_id: null,
      comment_excerpt: 'Something nasty.',
      post_id: post.id,
    });
    const left = await app.ctx.db.select().from(comments).where(eq(comments.postId, post.id));
    expect(left.map((row) => row.id)).not.toContain(comment.id);
    expect(left.map((row) => row.id)).not.toContain(reply?.id);
    expect(await postExists(post.id)).toBe(true);
    expect(await auditOf(app, comment.id)).toMatchObject([
      { action: 'comment.delete', actorId: admin.user.id, data: { report_id: filed.id } },
    ]);
    const [notice] = await notificationsOf(app, reporter.user.id);
    expect(notice).toMatchObject({
      kind: 'report_approved',
      body: NOTIFICATION_TEXT.reportApproved.body(`a comment on the tea "${post.title}"`),
      link: `/posts/${post.id}`,
    });
  });

  it("mails a visitor's takedown outcome to the address the request gave, with its reference", async () => {
    const request = takedownBody();
    const reference = (await takedownCall(app, request)).json<{ reference: string }>().reference;
    const [row] = await app.ctx.db.select().from(reports).where(eq(reports.reference, reference));
    if (!row) throw new Error('takedown not stored');
    const res = await decideCall(app, admin.auth, row.id, { status: 'approved', admin_notes: 'Number removed.' });
    expect(res.statusCode).toBe(200);
    expect(res.json<ReportUpdated>().report).toMatchObject({ kind: 'takedown', contact_email: request.email });
    const mail = await lastMailTo(app, request.email);
    expect(mail?.subject).toContain(REPORT_MESSAGES.outcome.approvedTitle);
    expect(mail?.text).toContain(reference);
    expect(mail?.text).toContain(REPORT_MESSAGES.outcome.body('approved', `request ${reference}`));
    // Desk notes are the desk's: they are not mailed out.
    expect(mail?.text).not.toContain('Number removed.');
  });

  it('tells a signed-in requester in the app and by mail', async () => {
    const member = await signedIn(app);
    const request = takedownBody();
    const reference = (await takedownCall(app, request, { auth: member.auth })).json<{ reference: string }>().reference;
    const [row] = await app.ctx.db.select().from(reports).where(eq(reports.reference, reference));
    await decideCall(app, admin.auth, row?.id ?? '', { status: 'rejected' });
    const [notice] = await notificationsOf(app, member.user.id);
    expect(notice).toMatchObject({
      kind: 'report_rejected',
      body: NOTIFICATION_TEXT.reportRejected.body(`request ${reference}`),
      link: '/moderation?tab=status',
    });
    expect((await lastMailTo(app, request.email))?.subject).toContain(REPORT_MESSAGES.outcome.rejectedTitle);
  });
});
