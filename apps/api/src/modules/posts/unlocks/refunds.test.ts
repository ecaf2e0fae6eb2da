import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { API } from '../../../../test/http.js';
import { balanceOf, expectInvariants, ledgerOf, signedIn } from '../../../../test/posts-kit.js';
import { postUnlocks } from '../../../db/schema.js';
import { approvedPost, detailOf, getPost, unlock } from '../../../../test/reading-kit.js';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, { isAdmin: true });
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

/** An approved post two readers paid for (35 each); answers them with 65 coins left each. */
async function unlockedByTwo(title: string) {
  const author = await signedIn(app);
  const post = await approvedPost(app, author.user.id, { title, unlockPrice: 35 });
  const readers = [await signedIn(app, { coins: 100 }), await signedIn(app, { coins: 100 })];
  for (const reader of readers) expect((await unlock(app, reader.auth, post.id)).statusCode).toBe(200);
  return { author, post, readers };
}

async function expectRefunded(userId: string, postId: string, title: string) {
  expect(await balanceOf(app, userId)).toBe(100);
  const refund = (await ledgerOf(app, userId)).find((row) => row.kind === 'refund');
  expect(refund).toMatchObject({ delta: 35, reason: `Refund: "${title}" was removed`, referenceId: postId });
}

describe('removal refunds', () => {
  it('rejecting a post pays every reader back, and a re-approved post is locked for them again', async () => {
    const { author, post, readers } = await unlockedByTwo('Rejected after all');
    const res = await app.inject({
      method: 'PUT',
      url: `${API}/posts/admin/${post.id}/status`,
      headers: admin.auth,
      payload: { status: 'rejected' },
    });
    expect(res.statusCode).toBe(200);
    for (const reader of readers) await expectRefunded(reader.user.id, post.id, 'Rejected after all');
    expect((await ledgerOf(app, author.user.id)).filter((row) => row.kind === 'refund')).toHaveLength(0);
    expect(await app.ctx.db.select().from(postUnlocks).where(eq(postUnlocks.postId, post.id))).toHaveLength(0);

    const back = await app.inject({
      method: 'PUT',
      url: `${API}/posts/admin/${post.id}/status`,
      headers: admin.auth,
      payload: { status: 'approved' },
    });
    expect(back.statusCode).toBe(200);
    const [first] = readers;
    if (!first) throw new Error('no reader');
    expect(detailOf(await getPost(app, post.id, first.auth)).is_locked).toBe(true);
  });

  it('an admin edit that rejects refunds too', async () => {
    const { post, readers } = await unlockedByTwo('Edited into rejection');
    const res = await app.inject({
      method: 'PUT',
      url: `${API}/posts/admin/${post.id}`,
      headers: admin.auth,
      payload: { status: 'rejected', title: 'A new title entirely' },
    });
    expect(res.statusCode).toBe(200);
    for (const reader of readers) await expectRefunded(reader.user.id, post.id, 'Edited into rejection');
  });

  it('deleting a post pays every reader back', async () => {
    const { post, readers } = await unlockedByTwo('Deleted by an admin');
    const res = await app.inject({ method: 'DELETE', url: `${API}/posts/${post.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(204);
    for (const reader of readers) await expectRefunded(reader.user.id, post.id, 'Deleted by an admin');
  });
});
