import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { API } from '../../../../test/http.js';
import { balanceOf, ledgerOf, postOf, signedIn } from '../../../../test/posts-kit.js';
import { notifications, posts } from '../../../db/schema.js';
import {
  award,
  bountyOf,
  commentBy,
  moderate,
  publishedBountyTea,
  submitWithBounty,
  type Person,
  useBountyApp,
} from '../../../../test/bounty-kit.js';
import { startSweeps, SWEEP_JOBS } from '../../../sweeps/schedule.js';
import { refundExpiredBounties } from './bounty.service.js';
import { emptyPotCall } from '../../../../test/reading-kit.js';

let app: TestApp;
let admin: Person;
useBountyApp((made) => {
  ({ app, admin } = made);
});

const DAY_MS = 86_400_000;

const refundsOf = async (userId: string) =>
  (await ledgerOf(app, userId)).filter((row) => row.kind === 'bounty_refund').map((row) => row.delta);

const refundNotices = (userId: string) =>
  app.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'bounty_refunded')));

async function publishedDaysAgo(id: string, days: number, now: Date) {
  await app.ctx.db
    .update(posts)
    .set({ publishedAt: new Date(now.getTime() - days * DAY_MS) })
    .where(eq(posts.id, id));
}

describe('bounty refunds', () => {
  it('rejecting a pending tea refunds the bounty in full, once, and tells the author', async () => {
    const author = await signedIn(app, { coins: 85 });
    const post = postOf(await submitWithBounty(app, author.auth, 60));
    expect(await balanceOf(app, author.user.id)).toBe(0);
    expect((await moderate(app, admin, post.id, 'rejected')).statusCode).toBe(200);
    expect(await balanceOf(app, author.user.id)).toBe(60);
    expect(await refundsOf(author.user.id)).toEqual([60]);
    expect(await bountyOf(app, post.id)).toMatchObject({ status: 'refunded', settledAt: expect.any(Date) });
    expect(await refundNotices(author.user.id)).toHaveLength(1);

    // Re-approved, the bounty is held again (bounty-reapproval.test.ts), so the next rejection
    // refunds it again: one refund per escrow, never more.
    expect((await moderate(app, admin, post.id, 'approved')).statusCode).toBe(200);
    expect(await balanceOf(app, author.user.id)).toBe(0);
    expect((await moderate(app, admin, post.id, 'rejected')).statusCode).toBe(200);
    expect(await refundsOf(author.user.id)).toEqual([60, 60]);
    expect(await balanceOf(app, author.user.id)).toBe(60);
  });

  it('unpublishing a published tea refunds it; an awarded bounty is never refunded', async () => {
    const author = await signedIn(app, { coins: 110 });
    const helper = await signedIn(app);
    const open = await publishedBountyTea(app, author, admin, 30);
    const awarded = await publishedBountyTea(app, author, admin, 30);
    expect(
      (await award(app, author.auth, awarded.id, await commentBy(app, helper.user.id, awarded.id))).statusCode,
    ).toBe(200);
    expect((await moderate(app, admin, open.id, 'rejected')).statusCode).toBe(200);
    expect((await moderate(app, admin, awarded.id, 'rejected')).statusCode).toBe(200);
    expect(await refundsOf(author.user.id)).toEqual([30]);
    expect(await balanceOf(app, author.user.id)).toBe(30);
    expect(await balanceOf(app, helper.user.id)).toBe(30);
    expect((await bountyOf(app, awarded.id))?.status).toBe('awarded');
  });

  it('emptying the pot refunds the bounty (which may pay for the pot itself)', async () => {
    const author = await signedIn(app, { coins: 65 });
    const post = await publishedBountyTea(app, author, admin, 40);
    expect(await balanceOf(app, author.user.id)).toBe(0);
    const res = await emptyPotCall(app, author.auth, post.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await refundsOf(author.user.id)).toEqual([40]);
    expect(await balanceOf(app, author.user.id)).toBe(15);
    expect(await refundNotices(author.user.id)).toHaveLength(1);
  });

  it('an admin delete refunds the bounty before the tea goes', async () => {
    const author = await signedIn(app, { coins: 75 });
    const post = await publishedBountyTea(app, author, admin, 50);
    const res = await app.inject({ method: 'DELETE', url: `${API}/posts/${post.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(204);
    expect(await refundsOf(author.user.id)).toEqual([50]);
    expect(await balanceOf(app, author.user.id)).toBe(50);
    expect(await refundNotices(author.user.id)).toHaveLength(1);
  });

  it('the sweep refunds bounties unawarded 30 days after publishing, not before, and only once', async () => {
    const author = await signedIn(app, { coins: 180 });
    const helper = await signedIn(app);
    const now = new Date();
    const expired = await publishedBountyTea(app, author, admin, 20);
    const fresh = await publishedBountyTea(app, author, admin, 20);
    const awarded = await publishedBountyTea(app, author, admin, 20);
    const pending = postOf(await submitWithBounty(app, author.auth, 20));
    expect(
      (await award(app, author.auth, awarded.id, await commentBy(app, helper.user.id, awarded.id))).statusCode,
    ).toBe(200);
    await publishedDaysAgo(expired.id, 30.01, now);
    await publishedDaysAgo(fresh.id, 29.99, now);
    await publishedDaysAgo(awarded.id, 45, now);

    expect(await refundExpiredBounties(app.ctx, now)).toBe(1);
    expect(await refundExpiredBounties(app.ctx, now)).toBe(0);
    expect((await bountyOf(app, expired.id))?.status).toBe('refunded');
    expect((await bountyOf(app, fresh.id))?.status).toBe('escrowed');
    expect((await bountyOf(app, awarded.id))?.status).toBe('awarded');
    expect((await bountyOf(app, pending.id))?.status).toBe('escrowed');
    expect(await refundsOf(author.user.id)).toEqual([20]);
    expect(await refundNotices(author.user.id)).toHaveLength(1);

    // An award after expiry is refused: the coins went back to the author.
    const late = await award(app, author.auth, expired.id, await commentBy(app, helper.user.id, expired.id));
    expect(late.statusCode).toBe(409);
  });

  it('the scheduled sweep refunds on its own timer and stops when asked', async () => {
    const author = await signedIn(app, { coins: 45 });
    const post = await publishedBountyTea(app, author, admin, 20);
    await publishedDaysAgo(post.id, 31, new Date());
    const jobs = SWEEP_JOBS.filter((job) => job.name === 'expired-bounties').map((job) => ({ ...job, everyMs: 10 }));
    expect(jobs).toHaveLength(1);
    const stop = startSweeps(app.ctx, app.log, jobs);
    try {
      await expect.poll(async () => (await bountyOf(app, post.id))?.status).toBe('refunded');
    } finally {
      await stop();
    }
    expect(await balanceOf(app, author.user.id)).toBe(20);
  });

  it('an award racing a rejection settles the bounty exactly once', async () => {
    const author = await signedIn(app, { coins: 125 });
    const helper = await signedIn(app);
    const post = await publishedBountyTea(app, author, admin, 100);
    const commentId = await commentBy(app, helper.user.id, post.id);
    const [awarding, rejecting] = await Promise.all([
      award(app, author.auth, post.id, commentId),
      moderate(app, admin, post.id, 'rejected'),
    ]);
    expect(rejecting.statusCode).toBe(200);
    const paidHelper = (await balanceOf(app, helper.user.id)) === 100;
    const refunded = (await refundsOf(author.user.id)).length === 1;
    expect(paidHelper !== refunded).toBe(true);
    expect(awarding.statusCode).toBe(paidHelper ? 200 : 409);
  });
});
