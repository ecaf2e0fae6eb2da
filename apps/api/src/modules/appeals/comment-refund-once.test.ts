import { COSTS, type Appeal, type CommentCreated } from '@kettle/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decideAppeal, fileAppeal, STATEMENT } from '../../../test/appeals-kit.js';
import { commentsOf, deleteCommentCall, postComment } from '../../../test/conversation-kit.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { balanceOf, expectInvariants, ledgerOf, signedIn, type Auth } from '../../../test/posts-kit.js';
import { approvedPost } from '../../../test/reading-kit.js';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let reviewer: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, { isAdmin: true });
  reviewer = await signedIn(app, { isAdmin: true });
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

/** An admin removes the comment (kept for appeal), and its author appeals the removal. */
async function removeAndAppeal(author: Auth, commentId: string): Promise<Appeal> {
  expect((await deleteCommentCall(app, admin.auth, commentId)).statusCode).toBe(204);
  const res = await fileAppeal(app, author, { target_type: 'comment', target_id: commentId, statement: STATEMENT });
  expect(res.statusCode).toBe(201);
  return res.json<Appeal>();
}

const uphold = (appeal: Appeal) => decideAppeal(app, reviewer.auth, appeal.id, { status: 'upheld', reason: 'Fine.' });

describe("an upheld appeal returns a comment's fee once", () => {
  it('however many remove-and-appeal cycles the comment goes through', async () => {
    const writer = await signedIn(app, { coins: 100 });
    // Their own tea, so the comment needs no unlock: the only coins that move are the comment's.
    const post = await approvedPost(app, writer.user.id);
    const res = await postComment(app, writer.auth, post.id, { content: 'It happened at the launch party.' });
    expect(res.statusCode).toBe(201);
    const { comment } = res.json<CommentCreated>();
    expect(await balanceOf(app, writer.user.id)).toBe(100 - COSTS.comment);

    const first = await removeAndAppeal(writer.auth, comment.id);
    expect((await uphold(first)).statusCode).toBe(200);
    expect((await commentsOf(app, post.id)).map((row) => row.id)).toEqual([comment.id]);
    expect(await balanceOf(app, writer.user.id)).toBe(100);

    // Removed again (a new decision), appealed again and upheld again: the comment is back, the
    // fee already was.
    const second = await removeAndAppeal(writer.auth, comment.id);
    const again = await uphold(second);
    expect(again.statusCode).toBe(200);
    expect(again.json<Appeal>().status).toBe('upheld');
    expect((await commentsOf(app, post.id)).map((row) => row.id)).toEqual([comment.id]);

    expect(await balanceOf(app, writer.user.id)).toBe(100);
    const refunds = (await ledgerOf(app, writer.user.id)).filter(
      (row) => row.kind === 'refund' && row.referenceType === 'appeal',
    );
    expect(refunds).toEqual([expect.objectContaining({ delta: COSTS.comment, referenceId: first.id })]);
  });
});
