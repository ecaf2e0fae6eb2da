import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { buildPost, expectInvariants, signedIn } from '../../../test/posts-kit.js';
import { reports } from '../../db/schema.js';
import { approvedPost, detailOf, getPost, unlock } from '../../../test/reading-kit.js';
import { vote } from '../../../test/conversation-kit.js';

let app: TestApp;
let author: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  author = await signedIn(app);
  admin = await signedIn(app, { isAdmin: true, coins: 100 });
});
// Reports here are inserted straight into the table, without their charge.
afterEach(() => expectInvariants(app, { spends: false }));
afterAll(() => app.teardown());

type Auth = Record<string, string>;
const viewerFields = async (postId: string, auth: Auth, suffix = '') => {
  const res = await getPost(app, postId, auth, suffix);
  expect(res.statusCode).toBe(200);
  const { has_user_voted, can_vote, can_report, has_reported, report_status } = detailOf(res);
  return { has_user_voted, can_vote, can_report, has_reported, report_status };
};

/** A report row straight into the table: the reports API is another module's business. */
async function reportRow(reporterId: string, postId: string, kind: 'post' | 'comment' = 'post') {
  const [row] = await app.ctx.db
    .insert(reports)
    .values({ kind, reference: randomBytes(5).toString('hex'), reporterId, postId, reason: 'spam' })
    .returning();
  if (!row) throw new Error('report insert failed');
  return row;
}

const NOTHING = { has_user_voted: false, can_vote: false, has_reported: false, report_status: null };

describe('GET /api/v1/posts/{id}: the viewer fields', () => {
  it('a visitor can neither vote nor report', async () => {
    const post = await approvedPost(app, author.user.id);
    expect(await viewerFields(post.id, {})).toEqual({ ...NOTHING, can_report: false });
  });

  it('a reader may report before unlocking, and vote only after', async () => {
    const post = await approvedPost(app, author.user.id);
    const reader = await signedIn(app, { coins: 100 });
    expect(await viewerFields(post.id, reader.auth)).toEqual({ ...NOTHING, can_report: true });
    expect((await unlock(app, reader.auth, post.id)).statusCode).toBe(200);
    expect(await viewerFields(post.id, reader.auth)).toEqual({ ...NOTHING, can_vote: true, can_report: true });
    expect((await vote(app, reader.auth, post.id)).statusCode).toBe(200);
    expect(await viewerFields(post.id, reader.auth)).toEqual({
      ...NOTHING,
      has_user_voted: true,
      can_report: true,
    });
    // Someone else's vote is not this viewer's.
    expect(await viewerFields(post.id, admin.auth)).toEqual({ ...NOTHING, can_vote: true, can_report: false });
  });

  it('the author can neither vote nor report; an admin can vote but not report', async () => {
    const post = await approvedPost(app, author.user.id);
    expect(await viewerFields(post.id, author.auth)).toEqual({ ...NOTHING, can_report: false });
    expect(await viewerFields(post.id, admin.auth)).toEqual({ ...NOTHING, can_vote: true, can_report: false });
  });

  it('unpublished posts take neither votes nor reports', async () => {
    for (const status of ['pending', 'rejected'] as const) {
      const post = await buildPost(app, author.user.id, { status });
      expect(await viewerFields(post.id, admin.auth)).toEqual({ ...NOTHING, can_report: false });
      expect(await viewerFields(post.id, author.auth)).toEqual({ ...NOTHING, can_report: false });
    }
  });

  it("has_reported and report_status follow the viewer's own post report", async () => {
    const post = await approvedPost(app, author.user.id);
    const reader = await signedIn(app);
    const other = await signedIn(app);
    // A comment report on the same post and another user's post report are not this viewer's post report.
    await reportRow(reader.user.id, post.id, 'comment');
    await reportRow(other.user.id, post.id);
    expect(await viewerFields(post.id, reader.auth)).toMatchObject({ has_reported: false, report_status: null });

    const mine = await reportRow(reader.user.id, post.id);
    expect(await viewerFields(post.id, reader.auth)).toMatchObject({
      can_report: true,
      has_reported: true,
      report_status: 'pending',
    });
    await app.ctx.db.update(reports).set({ status: 'approved' }).where(eq(reports.id, mine.id));
    expect(await viewerFields(post.id, reader.auth)).toMatchObject({ has_reported: true, report_status: 'approved' });
    expect(await viewerFields(post.id, {})).toMatchObject({ has_reported: false, report_status: null });
  });

  it('the reversal page carries the same fields', async () => {
    const original = await approvedPost(app, author.user.id);
    const reverser = await signedIn(app);
    const reversal = await approvedPost(app, reverser.user.id, { originalPostId: original.id });
    const reader = await signedIn(app, { coins: 100 });
    expect((await unlock(app, reader.auth, reversal.id)).statusCode).toBe(200);
    expect(await viewerFields(original.id, reader.auth, '/reversal')).toEqual({
      ...NOTHING,
      can_vote: true,
      can_report: true,
    });
    expect(await viewerFields(original.id, reverser.auth, '/reversal')).toEqual({ ...NOTHING, can_report: false });
  });

  it('the unlock answer carries them too', async () => {
    const post = await approvedPost(app, author.user.id);
    const reader = await signedIn(app, { coins: 100 });
    const res = await unlock(app, reader.auth, post.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ post: Record<string, unknown> }>().post).toMatchObject({ can_vote: true, can_report: true });
  });
});
