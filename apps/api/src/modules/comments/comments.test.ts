import {
  COMMENT_MAX_CHARS,
  COMMENT_MESSAGES,
  type Comment,
  type CommentCreated,
  type CommentList,
} from '@kettle/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { auditOf, balanceOf, buildPost, expectInvariants, signedIn } from '../../../test/posts-kit.js';
import { approvedPost, unlock } from '../../../test/reading-kit.js';
import {
  commentsOf,
  deleteCommentCall,
  errorOf,
  eventsOf,
  getComments,
  postComment,
  spendsOf,
  votesOf,
} from '../../../test/conversation-kit.js';

let app: TestApp;
let author: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  author = await signedIn(app, { coins: 500 });
  admin = await signedIn(app, { isAdmin: true, coins: 500 });
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

type Who = Awaited<ReturnType<typeof signedIn>>;

async function unlockedReader(postId: string, coins = 200): Promise<Who> {
  const reader = await signedIn(app, { coins });
  expect((await unlock(app, reader.auth, postId)).statusCode).toBe(200);
  return reader;
}

async function comment(who: Who, postId: string, content: string, parent: string | null = null): Promise<Comment> {
  const res = await postComment(app, who.auth, postId, { content, parent_comment_id: parent });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CommentCreated>().comment;
}

async function tree(who: Who | null, postId: string): Promise<CommentList['comments']> {
  const res = await getComments(app, who?.auth ?? {}, postId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CommentList>().comments;
}

/** The tree as nested [content, replies] pairs: easy to compare whole. */
type Shape = [string, Shape[]];
const shape = (comments: Comment[]): Shape[] => comments.map((c) => [c.content, shape(c.replies)]);

/** No comment stored on the post, no comment charge, the balance as it was, no event. */
async function expectNothingStored(postId: string, userId: string, balance: number) {
  expect(await commentsOf(app, postId)).toHaveLength(0);
  expect(await spendsOf(app, userId, 'comment')).toHaveLength(0);
  expect(await balanceOf(app, userId)).toBe(balance);
  expect(await eventsOf(app, postId, 'new_comment')).toHaveLength(0);
}

describe('POST /api/v1/posts/{id}/comments', () => {
  it('stores the comment for 10 coins, answers 201 and records a new_comment event', async () => {
    const post = await approvedPost(app, author.user.id);
    const reader = await unlockedReader(post.id);
    const res = await postComment(app, reader.auth, post.id, { content: '  So true!  ', parent_comment_id: null });
    expect(res.statusCode).toBe(201);
    const body = res.json<CommentCreated>();
    expect(body.coin_balance).toBe(200 - 40 - 10);
    expect(body.comment).toMatchObject({
      content: 'So true!',
      user_id: reader.user.id,
      username: reader.user.username,
      parent_comment_id: null,
      is_own: true,
      replies: [],
    });
    const stored = await commentsOf(app, post.id);
    expect(stored).toMatchObject([{ id: body.comment.id, userId: reader.user.id, content: 'So true!' }]);
    expect(stored[0]?.createdAt.toISOString()).toBe(body.comment.created_at);
    expect(await spendsOf(app, reader.user.id, 'comment')).toMatchObject([
      { delta: -10, balanceAfter: 150, referenceType: 'post', referenceId: post.id },
    ]);
    const events = await eventsOf(app, post.id, 'new_comment');
    expect(events.map((event) => event.payload)).toEqual([
      {
        comment_id: body.comment.id,
        content: 'So true!',
        user_id: reader.user.id,
        username: reader.user.username,
        created_at: body.comment.created_at,
        parent_comment_id: null,
      },
    ]);
  });

  it('lets the author and admins comment without unlocking (10 coins each)', async () => {
    const post = await approvedPost(app, author.user.id);
    for (const who of [author, admin]) {
      const before = await balanceOf(app, who.user.id);
      await comment(who, post.id, `from ${who.user.username}`);
      expect(await balanceOf(app, who.user.id)).toBe(before - 10);
      expect(await spendsOf(app, who.user.id, 'unlock')).toHaveLength(0);
    }
  });

  it('stores a reply under its parent and announces the parent', async () => {
    const post = await approvedPost(app, author.user.id);
    const reader = await unlockedReader(post.id);
    const parent = await comment(reader, post.id, 'Top');
    const reply = await comment(author, post.id, 'Reply', parent.id);
    expect(reply.parent_comment_id).toBe(parent.id);
    const events = await eventsOf(app, post.id, 'new_comment');
    expect(events.map((event) => event.payload)).toMatchObject([
      { comment_id: parent.id, parent_comment_id: null },
      { comment_id: reply.id, parent_comment_id: parent.id, content: 'Reply', username: author.user.username },
    ]);
  });

  it('needs a signed-in user with a verified address', async () => {
    const post = await approvedPost(app, author.user.id);
    expect((await postComment(app, {}, post.id, { content: 'hi' })).statusCode).toBe(401);
    const unverified = await signedIn(app, { verified: false, coins: 100 });
    const res = await postComment(app, unverified.auth, post.id, { content: 'hi' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('EMAIL_NOT_VERIFIED');
    await expectNothingStored(post.id, unverified.user.id, 100);
  });

  it('refuses a reader who has not unlocked the post (403) and charges nothing', async () => {
    const post = await approvedPost(app, author.user.id);
    const reader = await signedIn(app, { coins: 100 });
    const res = await postComment(app, reader.auth, post.id, { content: 'Let me in' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).detail).toBe(COMMENT_MESSAGES.locked);
    await expectNothingStored(post.id, reader.user.id, 100);
  });

  it('refuses blank and too long comments with 422 and charges nothing', async () => {
    const post = await approvedPost(app, author.user.id);
    const reader = await unlockedReader(post.id);
    for (const payload of [{ content: '   \n\t ' }, { content: '' }, {}, { content: null }]) {
      const res = await postComment(app, reader.auth, post.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorOf(res)).toMatchObject({ detail: COMMENT_MESSAGES.blank, code: 'VALIDATION_FAILED' });
    }
    const long = await postComment(app, reader.auth, post.id, { content: 'x'.repeat(COMMENT_MAX_CHARS + 1) });
    expect(long.statusCode).toBe(422);
    expect(errorOf(long).detail).toBe(COMMENT_MESSAGES.tooLong);
    await expectNothingStored(post.id, reader.user.id, 160);
  });

  it('refuses a parent from another post (422) and an unknown parent (404), charging nothing', async () => {
    const post = await approvedPost(app, author.user.id);
    const elsewhere = await approvedPost(app, author.user.id);
    const foreign = await comment(author, elsewhere.id, 'On the other tea');
    const reader = await unlockedReader(post.id);

    const mismatch = await postComment(app, reader.auth, post.id, { content: 'Hi', parent_comment_id: foreign.id });
    expect(mismatch.statusCode).toBe(422);
    expect(errorOf(mismatch)).toMatchObject({
      detail: COMMENT_MESSAGES.parentMismatch,
      errors: [{ field: 'parent_comment_id', message: COMMENT_MESSAGES.parentMismatch }],
    });

    const unknown = await postComment(app, reader.auth, post.id, {
      content: 'Hi',
      parent_comment_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).detail).toBe('Comment not found.');

    const malformed = await postComment(app, reader.auth, post.id, { content: 'Hi', parent_comment_id: 'nope' });
    expect(malformed.statusCode).toBe(422);
    expect(errorOf(malformed).errors?.[0]?.field).toBe('parent_comment_id');

    await expectNothingStored(post.id, reader.user.id, 160);
  });

  it('answers 404 for unpublished, unknown and malformed posts, even to their author and admins', async () => {
    const pending = await buildPost(app, author.user.id, { status: 'pending' });
    const rejected = await buildPost(app, author.user.id, { status: 'rejected' });
    const before = await balanceOf(app, admin.user.id);
    for (const who of [author, admin]) {
      for (const id of [pending.id, rejected.id, '00000000-0000-4000-8000-000000000000', 'junk']) {
        const res = await postComment(app, who.auth, id, { content: 'Hello' });
        expect(res.statusCode, id).toBe(404);
        expect(errorOf(res).detail).toBe('Post not found.');
      }
    }
    expect(await balanceOf(app, admin.user.id)).toBe(before);
    expect(await commentsOf(app, pending.id)).toHaveLength(0);
  });

  it('answers 402 on a short balance and stores nothing', async () => {
    const post = await approvedPost(app, author.user.id);
    const reader = await unlockedReader(post.id, 49);
    const res = await postComment(app, reader.auth, post.id, { content: 'Cheap talk' });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).code).toBe('INSUFFICIENT_COINS');
    await expectNothingStored(post.id, reader.user.id, 9);
  });

  it('answers 402 to a reply on a short balance and stores no reply', async () => {
    const post = await approvedPost(app, author.user.id);
    const parent = await comment(author, post.id, 'The first word');
    const reader = await unlockedReader(post.id, 49);
    const res = await postComment(app, reader.auth, post.id, { content: 'Cheap reply', parent_comment_id: parent.id });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).code).toBe('INSUFFICIENT_COINS');
    expect(await commentsOf(app, post.id)).toHaveLength(1);
    expect(await spendsOf(app, reader.user.id, 'comment')).toHaveLength(0);
    expect(await balanceOf(app, reader.user.id)).toBe(9);
  });
});

describe('comments under concurrency (security.md M1)', () => {
  it('10 concurrent comments with coins for 3 store exactly 3', async () => {
    const post = await approvedPost(app, author.user.id);
    const reader = await unlockedReader(post.id, 40 + 3 * 10 + 9);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => postComment(app, reader.auth, post.id, { content: `Take ${i}` })),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(3);
    expect(codes.filter((code) => code === 402)).toHaveLength(7);
    expect(await commentsOf(app, post.id)).toHaveLength(3);
    expect(await spendsOf(app, reader.user.id, 'comment')).toHaveLength(3);
    expect(await balanceOf(app, reader.user.id)).toBe(9);
    expect(await eventsOf(app, post.id, 'new_comment')).toHaveLength(3);
  });

  it('votes and comments on one post at once all land (no lock cycle between them)', async () => {
    const post = await approvedPost(app, author.user.id);
    const readers = await Promise.all(Array.from({ length: 10 }, () => unlockedReader(post.id)));
    const answers = await Promise.all(
      readers.flatMap((reader) => [
        app.inject({ method: 'POST', url: `${API}/posts/${post.id}/vote`, headers: reader.auth }),
        postComment(app, reader.auth, post.id, { content: `Hot take by ${reader.user.username}` }),
        postComment(app, reader.auth, post.id, { content: 'And another' }),
      ]),
    );
    expect(answers.map((res) => res.statusCode).filter((code) => code !== 200 && code !== 201)).toEqual([]);
    expect(await commentsOf(app, post.id)).toHaveLength(20);
    expect(await votesOf(app, post.id)).toHaveLength(10);
    for (const reader of readers) expect(await balanceOf(app, reader.user.id)).toBe(200 - 40 - 5 - 20);
  });
});

describe('comments asked at once', () => {
  it('share one statement, each stored as if alone, its text exact; a second by one writer goes next', async () => {
    const post = await approvedPost(app, author.user.id);
    const elsewhere = await approvedPost(app, author.user.id);
    const foreign = await comment(author, elsewhere.id, 'On the other tea');
    const ann = await unlockedReader(post.id);
    const bea = await unlockedReader(post.id);
    const cat = await unlockedReader(post.id);
    const dan = await unlockedReader(post.id);
    const stranger = await signedIn(app, { coins: 100 });
    const parent = await comment(ann, post.id, 'The first word');
    // What an array literal would have to escape, and what it must not mistake for a null.
    const tricky = 'She said "no", {then} yes \\ NULL, 100% \'sure\'';
    const asks = [
      [ann, { content: tricky }],
      [bea, { content: 'A reply', parent_comment_id: parent.id }],
      [stranger, { content: 'Not unlocked' }],
      [cat, { content: 'Wrong tea', parent_comment_id: foreign.id }],
      [dan, { content: 'Gone', parent_comment_id: '00000000-0000-4000-8000-000000000000' }],
      // Ann again: her row is charged once a statement, so this goes in the next.
      [ann, { content: 'NULL' }],
    ] as const;
    // Each token checked once first (a malformed id spends nothing), so all six reach the handler in one turn.
    for (const [who] of asks) await postComment(app, who.auth, 'junk', { content: 'x' });
    const before = app.ctx.database.stats().queries;
    const answers = await Promise.all(asks.map(([who, body]) => postComment(app, who.auth, post.id, body)));
    expect(app.ctx.database.stats().queries - before).toBe(2);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 403, 422, 404, 201]);
    const created = answers.map((res) => (res.statusCode === 201 ? res.json<CommentCreated>() : null));
    expect(created.map((answer) => answer && [answer.comment.content, answer.comment.parent_comment_id])).toEqual([
      [tricky, null],
      ['A reply', parent.id],
      null,
      null,
      null,
      ['NULL', null],
    ]);
    expect(created[5]?.coin_balance).toBe(200 - 40 - 3 * 10);
    const stored = await commentsOf(app, post.id);
    expect(stored.map((row) => [row.userId, row.content, row.parentCommentId]).sort()).toEqual(
      [
        [ann.user.id, 'The first word', null],
        [ann.user.id, tricky, null],
        [bea.user.id, 'A reply', parent.id],
        [ann.user.id, 'NULL', null],
      ].sort(),
    );
    const events = (await eventsOf(app, post.id, 'new_comment')).map(
      (event) => event.payload as Record<string, unknown>,
    );
    expect(events.map((event) => [event.comment_id, event.content, event.user_id]).sort()).toEqual(
      stored.map((row) => [row.id, row.content, row.userId]).sort(),
    );
    for (const who of [stranger, cat, dan]) expect(await spendsOf(app, who.user.id, 'comment')).toHaveLength(0);
  });
});

describe('GET /api/v1/posts/{id}/comments', () => {
  it('answers the tree, oldest first at every level, with is_own for the caller', async () => {
    const post = await approvedPost(app, author.user.id);
    const ann = await unlockedReader(post.id);
    const bob = await unlockedReader(post.id);
    const c1 = await comment(ann, post.id, 'c1 by ann');
    const c2 = await comment(bob, post.id, 'c2 by bob');
    const r1 = await comment(bob, post.id, 'r1 by bob', c1.id);
    await comment(ann, post.id, 'r2 by ann', c1.id);
    await comment(author, post.id, 'rr1 by author', r1.id);

    const seen = await tree(ann, post.id);
    expect(shape(seen)).toEqual([
      [
        'c1 by ann',
        [
          ['r1 by bob', [['rr1 by author', []]]],
          ['r2 by ann', []],
        ],
      ],
      ['c2 by bob', []],
    ]);
    expect(seen[0]).toMatchObject({ id: c1.id, is_own: true, parent_comment_id: null, username: ann.user.username });
    expect(seen[0]?.replies[0]).toMatchObject({ id: r1.id, is_own: false, parent_comment_id: c1.id });
    expect(seen[1]).toMatchObject({ id: c2.id, is_own: false, user_id: bob.user.id });
    expect((await tree(bob, post.id))[1]?.is_own).toBe(true);
    // The author and admins read free; no one else's view marks ann's comment as theirs.
    expect(shape(await tree(author, post.id))).toEqual(shape(seen));
    expect((await tree(admin, post.id))[0]?.is_own).toBe(false);
  });

  it('answers an empty list for a post without comments', async () => {
    const post = await approvedPost(app, author.user.id);
    expect(await tree(author, post.id)).toEqual([]);
  });

  it('refuses visitors and readers who have not unlocked (403, no content)', async () => {
    const post = await approvedPost(app, author.user.id);
    await comment(author, post.id, 'Secret words');
    const reader = await signedIn(app);
    for (const auth of [{}, reader.auth]) {
      const res = await getComments(app, auth, post.id);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).detail).toBe(COMMENT_MESSAGES.locked);
      expect(res.body).not.toContain('Secret words');
    }
  });

  it('answers 404 for unknown ids and for unpublished posts to others, but shows them to the author and admins', async () => {
    const post = await approvedPost(app, author.user.id);
    await comment(author, post.id, 'Before the takedown');
    const reader = await unlockedReader(post.id);
    // An admin rejects the post (the unlock is refunded and removed).
    const rejected = await app.inject({
      method: 'PUT',
      url: `${API}/posts/admin/${post.id}/status`,
      headers: admin.auth,
      payload: { status: 'rejected' },
    });
    expect(rejected.statusCode).toBe(200);
    for (const auth of [{}, reader.auth]) expect((await getComments(app, auth, post.id)).statusCode).toBe(404);
    expect(shape(await tree(author, post.id))).toEqual([['Before the takedown', []]]);
    expect(shape(await tree(admin, post.id))).toEqual([['Before the takedown', []]]);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'junk']) {
      expect((await getComments(app, admin.auth, id)).statusCode).toBe(404);
    }
  });

  it("hides a blocked user's comments, and the replies under them, from the blocker only", async () => {
    const post = await approvedPost(app, author.user.id);
    const ann = await unlockedReader(post.id);
    const bob = await unlockedReader(post.id);
    const carl = await unlockedReader(post.id);
    const c1 = await comment(ann, post.id, 'c1 by ann');
    await comment(bob, post.id, 'c2 by bob');
    const r1 = await comment(bob, post.id, 'r1 by bob', c1.id);
    await comment(carl, post.id, 'r2 by carl', c1.id);
    await comment(carl, post.id, 'rr1 by carl under bob', r1.id);
    const everything = shape(await tree(carl, post.id));

    const blocked = await app.inject({
      method: 'POST',
      url: `${API}/users/me/blocks`,
      headers: ann.auth,
      payload: { user_id: bob.user.id },
    });
    expect(blocked.statusCode).toBe(200);
    expect(shape(await tree(ann, post.id))).toEqual([['c1 by ann', [['r2 by carl', []]]]]);
    // Nobody else is affected, bob included.
    expect(shape(await tree(carl, post.id))).toEqual(everything);
    expect(shape(await tree(bob, post.id))).toEqual(everything);

    const unblocked = await app.inject({
      method: 'DELETE',
      url: `${API}/users/me/blocks/${bob.user.id}`,
      headers: ann.auth,
    });
    expect(unblocked.statusCode).toBe(204);
    expect(shape(await tree(ann, post.id))).toEqual(everything);
  });
});

describe('DELETE /api/v1/comments/{id}', () => {
  async function thread() {
    const post = await approvedPost(app, author.user.id);
    const ann = await unlockedReader(post.id);
    const bob = await unlockedReader(post.id);
    const top = await comment(ann, post.id, 'top by ann');
    const reply = await comment(bob, post.id, 'reply by bob', top.id);
    await comment(ann, post.id, 'deeper by ann', reply.id);
    const other = await comment(bob, post.id, 'other by bob');
    return { post, ann, bob, top, reply, other };
  }

  it('lets the author delete their comment with its replies, without a refund', async () => {
    const { post, ann, top, other } = await thread();
    const before = await balanceOf(app, ann.user.id);
    const res = await deleteCommentCall(app, ann.auth, top.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await commentsOf(app, post.id)).map((row) => row.id)).toEqual([other.id]);
    expect(await balanceOf(app, ann.user.id)).toBe(before);
    expect(await spendsOf(app, ann.user.id, 'refund')).toHaveLength(0);
    expect(await auditOf(app, top.id)).toMatchObject([
      {
        actorId: ann.user.id,
        action: 'comment.delete_own',
        targetType: 'comment',
        data: { before: { post_id: post.id, author_id: ann.user.id, replies_removed: 2 }, after: null },
      },
    ]);
    expect((await deleteCommentCall(app, ann.auth, top.id)).statusCode).toBe(404);
  });

  it("lets an admin delete anyone's comment, recorded in the audit log", async () => {
    const { post, bob, reply, top } = await thread();
    const res = await deleteCommentCall(app, admin.auth, reply.id);
    expect(res.statusCode).toBe(204);
    expect(shape(await tree(admin, post.id))).toEqual([
      ['top by ann', []],
      ['other by bob', []],
    ]);
    expect(await auditOf(app, reply.id)).toMatchObject([
      {
        actorId: admin.user.id,
        action: 'comment.delete',
        data: { before: { author_id: bob.user.id, parent_comment_id: top.id, replies_removed: 1 } },
      },
    ]);
  });

  it("refuses everyone else: another reader, the post's author (403) and visitors (401)", async () => {
    const { post, top } = await thread();
    const stranger = await unlockedReader(post.id);
    for (const who of [stranger, author]) {
      const res = await deleteCommentCall(app, who.auth, top.id);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('FORBIDDEN');
    }
    expect((await deleteCommentCall(app, {}, top.id)).statusCode).toBe(401);
    expect(await commentsOf(app, post.id)).toHaveLength(4);
  });

  it("answers 404 'Comment not found.' for unknown and malformed ids", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'junk']) {
      const res = await deleteCommentCall(app, admin.auth, id);
      expect(res.statusCode, id).toBe(404);
      expect(errorOf(res).detail).toBe('Comment not found.');
    }
  });
});

describe('when a post goes', () => {
  it('its comments, votes and events go with it (foreign keys cascade)', async () => {
    const post = await approvedPost(app, author.user.id);
    const reader = await unlockedReader(post.id);
    await comment(reader, post.id, 'Will vanish');
    const vote = await app.inject({ method: 'POST', url: `${API}/posts/${post.id}/vote`, headers: reader.auth });
    expect(vote.statusCode).toBe(200);
    expect(await eventsOf(app, post.id, 'new_comment')).toHaveLength(1);
    expect(await votesOf(app, post.id)).toHaveLength(1);

    const res = await app.inject({ method: 'DELETE', url: `${API}/posts/${post.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(204);
    expect(await commentsOf(app, post.id)).toHaveLength(0);
    expect(await eventsOf(app, post.id, 'new_comment')).toHaveLength(0);
    expect(await eventsOf(app, post.id, 'vote_update')).toHaveLength(0);
    expect(await votesOf(app, post.id)).toHaveLength(0);
    // The charges stay in the ledger; only the unlock is refunded by the admin delete.
    expect(await spendsOf(app, reader.user.id, 'comment')).toHaveLength(1);
    expect(await spendsOf(app, reader.user.id, 'vote')).toHaveLength(1);
  });

  it('emptying the pot takes them too', async () => {
    const own = await signedIn(app, { coins: 100 });
    const post = await approvedPost(app, own.user.id);
    await comment(own, post.id, 'My own words');
    // An admin reads free, so voting needs no unlock (and empty-pot stays allowed).
    const vote = await app.inject({ method: 'POST', url: `${API}/posts/${post.id}/vote`, headers: admin.auth });
    expect(vote.statusCode).toBe(200);
    const res = await app.inject({ method: 'DELETE', url: `${API}/posts/${post.id}/empty-pot`, headers: own.auth });
    expect(res.statusCode).toBe(200);
    expect(await commentsOf(app, post.id)).toHaveLength(0);
    expect(await votesOf(app, post.id)).toHaveLength(0);
  });
});

describe('the OpenAPI document', () => {
  it('lists the conversation routes, the comment tree included', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    expect(doc.paths['/api/v1/posts/{id}/comments']?.get?.tags).toEqual(['comments']);
    expect(doc.paths['/api/v1/posts/{id}/comments']?.post).toBeDefined();
    expect(doc.paths['/api/v1/comments/{id}']?.delete).toBeDefined();
    expect(doc.paths['/api/v1/posts/{id}/vote']?.post?.tags).toEqual(['votes']);
    expect(Object.keys(doc.paths['/api/v1/users/me/blocks'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(doc.paths['/api/v1/users/me/blocks/{userId}']?.delete).toBeDefined();
    expect(res.body).toContain('replies');
  });
});
