import type { UnlockResponse } from '@kettle/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { balanceOf, buildPost, expectInvariants, ledgerOf, signedIn } from '../../../../test/posts-kit.js';
import { postUnlocks } from '../../../db/schema.js';
import { approvedPost, unlock } from '../../../../test/reading-kit.js';

let app: TestApp;
let author: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  author = await signedIn(app);
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

const unlocksOf = (postId: string) => app.ctx.db.select().from(postUnlocks).where(eq(postUnlocks.postId, postId));
const spendsOf = async (userId: string) => (await ledgerOf(app, userId)).filter((row) => row.kind === 'unlock');

describe('POST /api/v1/posts/{id}/unlock', () => {
  it('needs a signed-in user with a verified address', async () => {
    const post = await approvedPost(app, author.user.id);
    expect((await unlock(app, {}, post.id)).statusCode).toBe(401);
    const unverified = await signedIn(app, { verified: false, coins: 100 });
    const res = await unlock(app, unverified.auth, post.id);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ code: string }>().code).toBe('EMAIL_NOT_VERIFIED');
    expect(await balanceOf(app, unverified.user.id)).toBe(100);
  });

  it('answers 404 for unpublished, unknown and malformed ids, and charges nothing', async () => {
    const reader = await signedIn(app, { coins: 100 });
    const pending = await buildPost(app, author.user.id, { status: 'pending' });
    const rejected = await buildPost(app, author.user.id, { status: 'rejected' });
    for (const id of [pending.id, rejected.id, '00000000-0000-4000-8000-000000000000', 'junk']) {
      expect((await unlock(app, reader.auth, id)).statusCode, id).toBe(404);
    }
    expect(await balanceOf(app, reader.user.id)).toBe(100);
  });

  it('charges the unlock price once and answers the full post; a second unlock is free', async () => {
    const reader = await signedIn(app, { coins: 100 });
    const post = await approvedPost(app, author.user.id, { unlockPrice: 30, content: 'y'.repeat(400) });
    const first = await unlock(app, reader.auth, post.id);
    expect(first.statusCode).toBe(200);
    const body = first.json<UnlockResponse>();
    expect(body).toMatchObject({ message: 'Post unlocked successfully!', coin_balance: 70 });
    expect(body.post).toMatchObject({
      id: post.id,
      content: 'y'.repeat(400),
      is_locked: false,
      is_unlocked_by_user: true,
    });
    const again = await unlock(app, reader.auth, post.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<UnlockResponse>().coin_balance).toBe(70);
    const spends = await spendsOf(reader.user.id);
    expect(spends).toHaveLength(1);
    expect(spends[0]).toMatchObject({ delta: -30, referenceType: 'post', referenceId: post.id });
    expect(await unlocksOf(post.id)).toMatchObject([{ userId: reader.user.id, pricePaid: 30 }]);
  });

  it('lets the author and admins read free', async () => {
    const admin = await signedIn(app, { isAdmin: true, coins: 5 });
    const post = await approvedPost(app, author.user.id);
    for (const who of [author, admin]) {
      const res = await unlock(app, who.auth, post.id);
      expect(res.statusCode).toBe(200);
      expect(res.json<UnlockResponse>().post.is_unlocked_by_user).toBe(true);
      expect(await spendsOf(who.user.id)).toHaveLength(0);
    }
    expect(await unlocksOf(post.id)).toHaveLength(0);
  });

  it('answers 402 on a short balance and changes nothing', async () => {
    const reader = await signedIn(app, { coins: 39 });
    const post = await approvedPost(app, author.user.id);
    const res = await unlock(app, reader.auth, post.id);
    expect(res.statusCode).toBe(402);
    expect(res.json<{ code: string }>().code).toBe('INSUFFICIENT_COINS');
    expect(await balanceOf(app, reader.user.id)).toBe(39);
    expect(await unlocksOf(post.id)).toHaveLength(0);
  });
});

describe('unlock under concurrency (security.md M1, M2)', () => {
  it('100 concurrent unlocks of one post by one user charge once', async () => {
    const reader = await signedIn(app, { coins: 1000 });
    const post = await approvedPost(app, author.user.id);
    const answers = await Promise.all(Array.from({ length: 100 }, () => unlock(app, reader.auth, post.id)));
    expect(answers.map((res) => res.statusCode).filter((code) => code !== 200)).toEqual([]);
    expect(await balanceOf(app, reader.user.id)).toBe(960);
    expect(await spendsOf(reader.user.id)).toHaveLength(1);
    const rows = await app.ctx.db
      .select()
      .from(postUnlocks)
      .where(and(eq(postUnlocks.postId, post.id), eq(postUnlocks.userId, reader.user.id)));
    expect(rows).toHaveLength(1);
  });

  it('100 concurrent unlocks of different posts with coins for 7 unlock exactly 7', async () => {
    const reader = await signedIn(app, { coins: 7 * 40 + 39 });
    const many = await Promise.all(Array.from({ length: 100 }, () => approvedPost(app, author.user.id)));
    const answers = await Promise.all(many.map((post) => unlock(app, reader.auth, post.id)));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(7);
    expect(codes.filter((code) => code === 402)).toHaveLength(93);
    expect(await balanceOf(app, reader.user.id)).toBe(39);
    expect(await spendsOf(reader.user.id)).toHaveLength(7);
    const rows = await app.ctx.db.select().from(postUnlocks).where(eq(postUnlocks.userId, reader.user.id));
    expect(rows).toHaveLength(7);
  });

  it('sends the unlocks asked at once in one statement, each decided as if alone; a second by one reader goes next', async () => {
    const rich = await signedIn(app, { coins: 100 });
    const poor = await signedIn(app, { coins: 10 });
    const admin = await signedIn(app, { isAdmin: true, coins: 5 });
    const unverified = await signedIn(app, { verified: false, coins: 100 });
    const deactivated = await signedIn(app, { isActive: false, coins: 100 });
    const late = await signedIn(app, { coins: 100 });
    const first = await approvedPost(app, author.user.id, { unlockPrice: 30 });
    const second = await approvedPost(app, author.user.id, { unlockPrice: 20 });
    const pending = await buildPost(app, author.user.id, { status: 'pending' });
    const asks = [
      [rich, first],
      [poor, first],
      [author, first],
      [admin, second],
      [unverified, first],
      [deactivated, second],
      [late, pending],
      // The same reader again: their row is charged once a statement, so this goes in the next.
      [rich, second],
    ] as const;
    // Each token checked once first (a malformed id spends nothing), so that all eight reach the
    // handler in one turn instead of as each signature check comes back.
    for (const [who] of asks) await unlock(app, who.auth, 'junk');
    const before = app.ctx.database.stats().queries;
    const answers = await Promise.all(asks.map(([who, post]) => unlock(app, who.auth, post.id)));
    expect(app.ctx.database.stats().queries - before).toBe(2);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 402, 200, 200, 403, 403, 404, 200]);
    const bodies = answers.map((res) => (res.statusCode === 200 ? res.json<UnlockResponse>() : null));
    expect(bodies.map((body) => body && [body.post.id, body.coin_balance, body.post.is_unlocked_by_user])).toEqual([
      [first.id, 70, true],
      null,
      [first.id, 0, true],
      [second.id, 5, true],
      null,
      null,
      null,
      [second.id, 50, true],
    ]);
    const balances = await Promise.all(
      [rich, poor, admin, unverified, deactivated, late].map((who) => balanceOf(app, who.user.id)),
    );
    expect(balances).toEqual([50, 10, 5, 100, 100, 100]);
    expect((await spendsOf(rich.user.id)).map((row) => row.delta)).toEqual([-30, -20]);
    expect(await spendsOf(poor.user.id)).toEqual([]);
    expect((await unlocksOf(first.id)).map((row) => row.userId)).toEqual([rich.user.id]);
    expect((await unlocksOf(second.id)).map((row) => row.userId)).toEqual([rich.user.id]);
  });
});
