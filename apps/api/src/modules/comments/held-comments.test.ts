import {
  COMMENT_MESSAGES,
  COSTS,
  NOTIFICATION_TEXT,
  type CommentHeld,
  type CommentList,
  type HeldCommentQueue,
} from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { auditOf, balanceOf, buildPost, expectInvariants, signedIn, type Auth } from '../../../test/posts-kit.js';
import { unlock } from '../../../test/reading-kit.js';
import { eventsOf, getComments, postComment, spendsOf } from '../../../test/conversation-kit.js';
import { heldComments, notifications, privacyReviews } from '../../db/schema.js';

const ISSUE_EXAMPLE =
  'she lives at 1420 Maple Ave, Austin TX 78701, call her at (512) 867-2291 or jess.m@gmail.com, her son goes to Lincoln Middle';

type Who = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let author: Who;
let admin: Who;
beforeAll(async () => {
  app = await createTestApp();
  author = await signedIn(app, { coins: 500 });
  admin = await signedIn(app, { isAdmin: true, coins: 500 });
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

async function unlockedReader(postId: string): Promise<Who> {
  const reader = await signedIn(app, { coins: 200 });
  expect((await unlock(app, reader.auth, postId)).statusCode).toBe(200);
  return reader;
}

const listOf = async (auth: Auth, postId: string) => (await getComments(app, auth, postId)).json<CommentList>();
const adminCall = (path: string, payload?: object) =>
  app.inject({
    method: path === '' ? 'GET' : 'POST',
    url: `${API}/comments/admin/held${path}`,
    headers: admin.auth,
    payload,
  });

async function heldComment(content = ISSUE_EXAMPLE) {
  const post = await buildPost(app, author.user.id, { status: 'approved' });
  const writer = await unlockedReader(post.id);
  const before = await balanceOf(app, writer.user.id);
  const res = await postComment(app, writer.auth, post.id, { content });
  return { post, writer, before, res };
}

describe('a comment with private data or a minor in it', () => {
  it('is paid for and held: no other reader, stream or notice hears of it, and its writer reads why', async () => {
    const { post, writer, before, res } = await heldComment();
    expect(res.statusCode).toBe(202);
    const held = res.json<CommentHeld>();
    expect(held.message).toBe(COMMENT_MESSAGES.held);
    expect(held.held).toMatchObject({ content: ISSUE_EXAMPLE, post_id: post.id, flags: ['privacy', 'minor'] });
    expect(held.coin_balance).toBe(before - COSTS.comment);
    expect(await spendsOf(app, writer.user.id, 'comment')).toHaveLength(1);

    const reader = await unlockedReader(post.id);
    expect(await listOf(reader.auth, post.id)).toEqual({ comments: [], held: [] });
    expect(await listOf(author.auth, post.id)).toEqual({ comments: [], held: [] });
    expect(await eventsOf(app, post.id, 'new_comment')).toEqual([]);
    expect(await listOf(writer.auth, post.id)).toEqual({ comments: [], held: [held.held] });
  });

  it('is refused, and not held, where a published comment would be: a locked tea keeps its 403', async () => {
    const post = await buildPost(app, author.user.id, { status: 'approved' });
    const stranger = await signedIn(app, { coins: 200 });
    const res = await postComment(app, stranger.auth, post.id, { content: ISSUE_EXAMPLE });
    expect(res.statusCode).toBe(403);
    expect(await app.ctx.db.select().from(heldComments).where(eq(heldComments.postId, post.id))).toEqual([]);
    expect(await balanceOf(app, stranger.user.id)).toBe(200);
  });

  it('with only a claim stated as fact publishes at once, flagged for the moderators', async () => {
    const post = await buildPost(app, author.user.id, { status: 'approved' });
    const writer = await unlockedReader(post.id);
    const res = await postComment(app, writer.auth, post.id, {
      content: 'He steals from the register, everyone knows.',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ comment: { id: string } }>().comment.id;
    const [review] = await app.ctx.db.select().from(privacyReviews).where(eq(privacyReviews.commentId, id));
    expect(review).toMatchObject({ flags: ['allegation'], status: 'open', source: 'submission' });
  });
});

describe('the moderators and a held comment', () => {
  it('lists it; redact and approve publishes it without the flagged spans and tells the writer', async () => {
    const { post, writer, res } = await heldComment();
    const { held } = res.json<CommentHeld>();
    const queue = (await adminCall('')).json<HeldCommentQueue>();
    expect(queue.data.find((entry) => entry.id === held.id)).toMatchObject({
      username: writer.user.username,
      post_title: post.title,
    });

    const approved = await adminCall(`/${held.id}/redact-approve`);
    expect(approved.statusCode).toBe(200);
    const reader = await unlockedReader(post.id);
    const { comments, held: left } = await listOf(reader.auth, post.id);
    expect(comments.map((comment) => comment.content)).toEqual([
      'she lives at [address removed], call her at [phone removed] or [email removed], [minor removed] goes to [minor removed]',
    ]);
    expect(left).toEqual([]);
    expect((await listOf(writer.auth, post.id)).held).toEqual([]);
    expect(await eventsOf(app, post.id, 'new_comment')).toHaveLength(1);
    const told = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, writer.user.id));
    expect(told.map((notice) => notice.body)).toContain(
      NOTIFICATION_TEXT.commentPublished.body('street address, phone number, email address and a minor'),
    );
    const [audit] = await auditOf(app, approved.json<{ comment_id: string }>().comment_id);
    expect(audit).toMatchObject({ action: 'comment.redact_approve' });
    expect(JSON.stringify(audit?.data)).not.toMatch(/867-2291|jess\.m@/);
  });

  it('approves one as written', async () => {
    const { post, res } = await heldComment('my 12 yo nephew saw the whole thing at the game');
    const { held } = res.json<CommentHeld>();
    expect((await adminCall(`/${held.id}/approve`)).statusCode).toBe(200);
    const reader = await unlockedReader(post.id);
    expect((await listOf(reader.auth, post.id)).comments.map((comment) => comment.content)).toEqual([held.content]);
  });

  it('rejects one: the coins go back, nothing is published, the writer is told why', async () => {
    const { post, writer, before, res } = await heldComment();
    const { held } = res.json<CommentHeld>();
    const rejected = await adminCall(`/${held.id}/reject`, { reason: 'It names a child' });
    expect(rejected.statusCode).toBe(204);
    expect(await balanceOf(app, writer.user.id)).toBe(before);
    expect(await listOf(writer.auth, post.id)).toEqual({ comments: [], held: [] });
    const told = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, writer.user.id));
    expect(told.map((notice) => notice.body)).toContain(NOTIFICATION_TEXT.commentRejected.body('It names a child'));
    expect((await adminCall(`/${held.id}/approve`)).statusCode).toBe(404);
  });

  it('is for admins only, and an unknown or malformed id is 404', async () => {
    const { writer, res } = await heldComment();
    const { held } = res.json<CommentHeld>();
    const asWriter = await app.inject({
      method: 'POST',
      url: `${API}/comments/admin/held/${held.id}/approve`,
      headers: writer.auth,
    });
    expect(asWriter.statusCode).toBe(403);
    expect((await adminCall(`/${crypto.randomUUID()}/approve`)).statusCode).toBe(404);
    expect((await adminCall('/not-an-id/reject', {})).statusCode).toBe(404);
  });
});
