import { NOTIFICATION_TEXT, type PostDetail } from '@kettle/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import { API } from '../../../../test/http.js';
import {
  auditOf,
  balanceOf,
  ledgerOf,
  postOf,
  refs,
  signedIn,
  submitJson,
  teaBody,
} from '../../../../test/posts-kit.js';
import { bountyOf, moderate, submitWithBounty, type Person, useBountyApp } from '../../../../test/bounty-kit.js';
import { notifications } from '../../../db/schema.js';
import { refundBounty } from './bounty.service.js';

let app: TestApp;
let admin: Person;
useBountyApp((made) => {
  ({ app, admin } = made);
});

const noticesOf = (userId: string, kind: string) =>
  app.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

const escrowsOf = async (userId: string) =>
  (await ledgerOf(app, userId)).filter((row) => row.kind === 'bounty_escrow').map((row) => row.delta);

const detailOf = async (id: string, auth: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: `${API}/posts/${id}`, headers: auth })).json<PostDetail>();

/** A tea with a 60-coin bounty, rejected (which refunds the bounty): the author holds 60 again. */
async function rejectedBountyTea(coins = 85) {
  const author = await signedIn(app, { coins });
  const post = postOf(await submitWithBounty(app, author.auth, 60));
  expect((await moderate(app, admin, post.id, 'rejected')).statusCode).toBe(200);
  expect((await bountyOf(app, post.id))?.status).toBe('refunded');
  return { author, post };
}

describe('a re-approved tea whose bounty the rejection refunded', () => {
  it('holds the bounty again when the author still has the coins, and says so', async () => {
    const { author, post } = await rejectedBountyTea();
    expect(await balanceOf(app, author.user.id)).toBe(60);

    expect((await moderate(app, admin, post.id, 'approved')).statusCode).toBe(200);
    expect(await balanceOf(app, author.user.id)).toBe(0);
    expect(await escrowsOf(author.user.id)).toEqual([-60, -60]);
    expect(await bountyOf(app, post.id)).toMatchObject({ bounty: 60, status: 'escrowed', settledAt: null });
    const shown = await detailOf(post.id, author.auth);
    expect(shown).toMatchObject({ status: 'approved', bounty: 60, bounty_status: 'escrowed', can_award_bounty: true });
    expect(await noticesOf(author.user.id, 'bounty_escrowed')).toMatchObject([
      { body: NOTIFICATION_TEXT.bountyHeldAgain.body(60, post.title), link: `/posts/${post.id}` },
    ]);

    // Held again, it is refunded again by the next rejection: the author never pays twice.
    expect((await moderate(app, admin, post.id, 'rejected')).statusCode).toBe(200);
    expect(await balanceOf(app, author.user.id)).toBe(60);
  });

  it('publishes without the bounty when the author spent the coins, and tells them', async () => {
    const { author, post } = await rejectedBountyTea();
    // The refunded coins go on another tea: 60 - 25 leaves too little for the bounty.
    expect((await submitJson(app, author.auth, teaBody(await refs(app)))).statusCode).toBe(201);
    expect(await balanceOf(app, author.user.id)).toBe(35);

    expect((await moderate(app, admin, post.id, 'approved')).statusCode).toBe(200);
    expect(await balanceOf(app, author.user.id)).toBe(35);
    expect(await escrowsOf(author.user.id)).toEqual([-60]);
    expect(await bountyOf(app, post.id)).toMatchObject({ bounty: 0, status: 'none' });
    const visitor = await signedIn(app);
    expect(await detailOf(post.id, visitor.auth)).toMatchObject({
      status: 'approved',
      bounty: 0,
      bounty_status: 'none',
    });
    expect(await noticesOf(author.user.id, 'bounty_withdrawn')).toMatchObject([
      { body: NOTIFICATION_TEXT.bountyWithdrawn.body(60, post.title), link: `/posts/${post.id}` },
    ]);
    const audit = (await auditOf(app, post.id)).filter((row) => row.action === 'post.approve');
    expect(audit.at(-1)?.data).toMatchObject({ before: { bounty: 60 }, after: { bounty: 0, bounty_status: 'none' } });
  });

  it('an upheld appeal decides the same way, after the submission fee is back', async () => {
    const reviewer = await signedIn(app, { isAdmin: true });
    // 85 - 60 bounty - 25 fee = 0; the rejection returns 60, spent down to 35 on another tea,
    // and the upheld appeal returns the 25 fee: exactly the 60 the bounty needs.
    const { author, post } = await rejectedBountyTea();
    expect((await submitJson(app, author.auth, teaBody(await refs(app)))).statusCode).toBe(201);
    const filed = await app.inject({
      method: 'POST',
      url: `${API}/appeals`,
      headers: author.auth,
      payload: { target_type: 'post', target_id: post.id, statement: 'Everything in it happened; I was there myself.' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const upheld = await app.inject({
      method: 'PUT',
      url: `${API}/admin/appeals/${filed.json<{ id: string }>().id}`,
      headers: reviewer.auth,
      payload: { status: 'upheld', reason: 'The sources check out.' },
    });
    expect(upheld.statusCode, upheld.body).toBe(200);
    expect(await bountyOf(app, post.id)).toMatchObject({ bounty: 60, status: 'escrowed' });
    expect(await balanceOf(app, author.user.id)).toBe(0);
    expect(await detailOf(post.id, author.auth)).toMatchObject({ status: 'approved', bounty_status: 'escrowed' });
    expect(await noticesOf(author.user.id, 'bounty_escrowed')).toHaveLength(1);
  });

  it('a bounty that expired before the tea was taken down stays refunded', async () => {
    const author = await signedIn(app, { coins: 200 });
    const post = postOf(await submitWithBounty(app, author.auth, 60));
    expect((await moderate(app, admin, post.id, 'approved')).statusCode).toBe(200);
    await app.ctx.db.transaction((tx) =>
      refundBounty(tx, { id: post.id, title: post.title, authorId: author.user.id }, 'expired'),
    );
    expect((await moderate(app, admin, post.id, 'rejected')).statusCode).toBe(200);
    expect((await moderate(app, admin, post.id, 'approved')).statusCode).toBe(200);
    expect(await bountyOf(app, post.id)).toMatchObject({ bounty: 60, status: 'refunded' });
    expect(await escrowsOf(author.user.id)).toEqual([-60]);
    expect(await noticesOf(author.user.id, 'bounty_escrowed')).toHaveLength(0);
  });
});
