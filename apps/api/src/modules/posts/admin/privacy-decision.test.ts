import { NOTIFICATION_TEXT, PRIVACY_DECISION_MESSAGES, type OwnPost, type OwnPostList } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { API, errorOf } from '../../../../test/http.js';
import {
  auditOf,
  expectInvariants,
  postOf,
  signedIn,
  submitJson,
  teaBody,
  usePostsApp,
  type Auth,
  type Refs,
} from '../../../../test/posts-kit.js';
import { notifications, privacyReviews } from '../../../db/schema.js';

let app: TestApp;
let ref: Refs;
usePostsApp((made) => {
  ({ app, ref } = made);
});
afterEach(() => expectInvariants(app));

const ISSUE_EXAMPLE =
  'she lives at 1420 Maple Ave, Austin TX 78701, call her at (512) 867-2291 or jess.m@gmail.com, her son goes to Lincoln Middle';

async function flaggedTea(overrides: Record<string, unknown> = {}) {
  const author = await signedIn(app, { coins: 100 });
  const res = await submitJson(app, author.auth, teaBody(ref, { content: ISSUE_EXAMPLE, ...overrides }));
  return { author, post: postOf(res) };
}

const asAdmin = async () => (await signedIn(app, { isAdmin: true })).auth;
const redactApprove = (auth: Auth, id: string) =>
  app.inject({ method: 'POST', url: `${API}/posts/admin/${id}/redact-approve`, headers: auth });

describe('POST /api/v1/posts/admin/{id}/redact-approve', () => {
  it('removes every flagged span, publishes the tea, tells the author what went and why, and audits the edit', async () => {
    const { author, post } = await flaggedTea({ evidence_link: 'https://instagram.com/her_bestie' });
    const res = await redactApprove(await asAdmin(), post.id);
    expect(res.statusCode).toBe(200);
    const published = postOf(res);
    expect(published.status).toBe('approved');
    expect(published.content).toBe(
      'she lives at [address removed], call her at [phone removed] or [email removed], [minor removed] goes to [minor removed]',
    );
    expect(published.evidence_link).toBeNull();
    expect(published.privacy).toMatchObject({ status: 'redacted', held: false });

    const told = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, author.user.id));
    expect(told.map((notice) => [notice.title, notice.body])).toEqual([
      [
        NOTIFICATION_TEXT.postRedacted.title,
        NOTIFICATION_TEXT.postRedacted.body(
          post.title,
          'street address, phone number, email address, a minor and another person’s profile',
        ),
      ],
    ]);
    const [audit] = await auditOf(app, post.id);
    expect(audit).toMatchObject({ action: 'post.redact_approve' });
    expect(audit?.data).toMatchObject({
      before: { status: 'pending' },
      after: { content: published.content, status: 'approved', evidence_link: null },
      removed: [
        { field: 'content', kind: 'address', start: 13, end: 44 },
        { field: 'content', kind: 'phone', start: 58, end: 72 },
        { field: 'content', kind: 'email', start: 76, end: 92 },
        { field: 'content', kind: 'minor', start: 94, end: 101 },
        { field: 'content', kind: 'minor', start: 110, end: 124 },
        { field: 'evidence_link', kind: 'handle', start: 0, end: 32 },
      ],
    });
    // No copy of what was removed stays behind: not in the audit row, not in the review.
    expect(JSON.stringify(audit?.data)).not.toMatch(/867-2291|jess\.m@|Maple Ave|her_bestie/);
    const [review] = await app.ctx.db.select().from(privacyReviews).where(eq(privacyReviews.postId, post.id));
    expect(review?.findings.map((found) => found.text)).toEqual(['', '', '', '', '', '']);
    const reader = await signedIn(app, { coins: 100 });
    const open = await app.inject({ method: 'POST', url: `${API}/posts/${post.id}/unlock`, headers: reader.auth });
    expect(open.statusCode).toBe(200);
    const detail = await app.inject({ method: 'GET', url: `${API}/posts/${post.id}`, headers: reader.auth });
    expect(detail.json<{ content: string }>().content).not.toMatch(/867-2291|jess\.m@|Maple Ave|Lincoln Middle/);
  });

  it('answers 409 when nothing is open to remove, and changes nothing', async () => {
    const author = await signedIn(app, { coins: 100 });
    const plain = postOf(await submitJson(app, author.auth, teaBody(ref)));
    const res = await redactApprove(await asAdmin(), plain.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).detail).toBe(PRIVACY_DECISION_MESSAGES.nothingToRedact);
    const { post } = await flaggedTea();
    const admin = await asAdmin();
    expect((await redactApprove(admin, post.id)).statusCode).toBe(200);
    expect((await redactApprove(admin, post.id)).statusCode).toBe(409);
  });

  it('is for admins only', async () => {
    const { author, post } = await flaggedTea();
    expect((await redactApprove({}, post.id)).statusCode).toBe(401);
    expect((await redactApprove(author.auth, post.id)).statusCode).toBe(403);
    expect((await redactApprove(await asAdmin(), crypto.randomUUID())).statusCode).toBe(404);
  });
});

describe('the moderation queue and the guard', () => {
  it('filters the queue by flag, and an approval as is clears the review', async () => {
    const { post: held } = await flaggedTea();
    const author = await signedIn(app, { coins: 100 });
    const claim = postOf(
      await submitJson(app, author.auth, teaBody(ref, { content: 'He steals from the register every shift.' })),
    );
    const admin = await asAdmin();
    const queue = async (flag: string) =>
      (await app.inject({ method: 'GET', url: `${API}/posts/admin/all?flag=${flag}&limit=100`, headers: admin }))
        .json<OwnPostList>()
        .data.map((post: OwnPost) => post.id);
    expect(await queue('minor')).toContain(held.id);
    expect(await queue('minor')).not.toContain(claim.id);
    expect(await queue('allegation')).toContain(claim.id);

    const approve = await app.inject({
      method: 'PUT',
      url: `${API}/posts/admin/${claim.id}/status`,
      headers: admin,
      payload: { status: 'approved' },
    });
    expect(postOf(approve).privacy).toMatchObject({ status: 'cleared' });
    const [row] = await app.ctx.db.select().from(privacyReviews).where(eq(privacyReviews.postId, claim.id));
    expect(row?.decidedAt).toBeInstanceOf(Date);
    expect(await queue('allegation')).not.toContain(claim.id);
  });
});
