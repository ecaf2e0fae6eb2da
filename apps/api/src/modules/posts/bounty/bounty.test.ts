import type { PostCardList, PostDetail } from '@kettle/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness.js';
import type { ErrorBody } from '../../../../test/http.js';
import {
  balanceOf,
  ledgerOf,
  postOf,
  postsBy,
  refs,
  signedIn,
  submitJson,
  teaBody,
} from '../../../../test/posts-kit.js';
import { notifications } from '../../../db/schema.js';
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
import { approvedPost, detailOf, getPost, getPosts } from '../../../../test/reading-kit.js';

let app: TestApp;
let admin: Person;
useBountyApp((made) => {
  ({ app, admin } = made);
});

const errorOf = (body: string): ErrorBody => JSON.parse(body);

describe('escrow at submission', () => {
  it('charges the bounty with the submission fee, in its own ledger row, and marks it escrowed', async () => {
    const author = await signedIn(app, { coins: 125 });
    const res = await submitWithBounty(app, author.auth, 100);
    expect(res.statusCode).toBe(201);
    const post = postOf(res);
    expect(post.bounty).toBe(100);
    expect(await balanceOf(app, author.user.id)).toBe(0);
    const rows = (await ledgerOf(app, author.user.id)).filter((row) => row.referenceId === post.id);
    expect(rows.map((row) => [row.kind, row.delta])).toEqual(
      expect.arrayContaining([
        ['submit_tea', -25],
        ['bounty_escrow', -100],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(await bountyOf(app, post.id)).toMatchObject({ bounty: 100, status: 'escrowed', commentId: null });
  });

  it('escrows a reversal bounty with the reversal fee', async () => {
    const author = await signedIn(app, { coins: 30 });
    const original = await approvedPost(app, (await signedIn(app)).user.id);
    const body = teaBody(await refs(app), { bounty: 10, original_post_id: original.id });
    const res = await submitJson(app, author.auth, body, '/posts/reversal');
    expect(res.statusCode, res.body).toBe(201);
    expect(await balanceOf(app, author.user.id)).toBe(0);
    expect(await bountyOf(app, postOf(res).id)).toMatchObject({ bounty: 10, status: 'escrowed' });
  });

  it('refuses with 402 when fee and bounty exceed the balance, storing and charging nothing', async () => {
    const author = await signedIn(app, { coins: 100 });
    const res = await submitWithBounty(app, author.auth, 80);
    expect(res.statusCode).toBe(402);
    expect(errorOf(res.body)).toMatchObject({
      code: 'INSUFFICIENT_COINS',
      detail: 'You need 105 Tea Coins for this. Buy coins or claim your daily drop.',
    });
    expect(await postsBy(app, author.user.id)).toHaveLength(0);
    expect(await balanceOf(app, author.user.id)).toBe(100);
    expect((await ledgerOf(app, author.user.id)).map((row) => row.kind)).toEqual(['demo_grant']);
  });

  it('bounds the bounty at 100,000 Tea Coins with a clear message', async () => {
    const author = await signedIn(app, { coins: 500 });
    const res = await submitWithBounty(app, author.auth, 100_001);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res.body).errors).toEqual([
      { field: 'bounty', message: 'Bounty must be at most 100,000 Tea Coins' },
    ]);
    expect(await balanceOf(app, author.user.id)).toBe(500);
  });

  it('a tea without a bounty has none and no escrow row', async () => {
    const author = await signedIn(app, { coins: 25 });
    const post = postOf(await submitWithBounty(app, author.auth, 0));
    expect(await bountyOf(app, post.id)).toMatchObject({ bounty: 0, status: 'none' });
    expect((await ledgerOf(app, author.user.id)).map((row) => row.kind)).toEqual(['demo_grant', 'submit_tea']);
  });
});

describe('shown on the card and the detail page', () => {
  it('cards and the detail carry the bounty and its state; only the author may award it', async () => {
    const author = await signedIn(app, { coins: 75 });
    const reader = await signedIn(app);
    const post = await publishedBountyTea(app, author, admin, 50);

    const card = (await getPosts(app)).json<PostCardList>().data.find((c) => c.id === post.id);
    expect(card).toMatchObject({ bounty: 50, bounty_status: 'escrowed' });

    const forAuthor = detailOf(await getPost(app, post.id, author.auth));
    expect(forAuthor).toMatchObject({
      bounty: 50,
      bounty_status: 'escrowed',
      bounty_comment_id: null,
      can_award_bounty: true,
    });
    expect(forAuthor.bounty_expires_at).toEqual(expect.any(String));
    expect(detailOf(await getPost(app, post.id, reader.auth))).toMatchObject({ bounty: 50, can_award_bounty: false });
    expect(detailOf(await getPost(app, post.id))).toMatchObject({ bounty_status: 'escrowed', can_award_bounty: false });
  });
});

describe('POST /posts/{id}/bounty/award', () => {
  it("credits the commenter once, notifies them, and marks the comment as the award's", async () => {
    const author = await signedIn(app, { coins: 125 });
    const helper = await signedIn(app, { coins: 3 });
    const post = await publishedBountyTea(app, author, admin, 100);
    const commentId = await commentBy(app, helper.user.id, post.id);

    const res = await award(app, author.auth, post.id, commentId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; post: PostDetail }>();
    expect(body.message).toBe('Bounty awarded!');
    expect(body.post).toMatchObject({
      bounty_status: 'awarded',
      bounty_comment_id: commentId,
      can_award_bounty: false,
    });

    expect(await balanceOf(app, helper.user.id)).toBe(103);
    const credit = (await ledgerOf(app, helper.user.id)).find((row) => row.kind === 'bounty_award');
    expect(credit).toMatchObject({ delta: 100, referenceType: 'post', referenceId: post.id });
    expect(await bountyOf(app, post.id)).toMatchObject({ status: 'awarded', commentId, settledAt: expect.any(Date) });
    const notices = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, helper.user.id), eq(notifications.kind, 'bounty_awarded')));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.link).toBe(`/posts/${post.id}`);
    expect(await balanceOf(app, author.user.id)).toBe(0);
  });

  it('pays once under 20 concurrent awards', async () => {
    const author = await signedIn(app, { coins: 125 });
    const post = await publishedBountyTea(app, author, admin, 100);
    const helpers = await Promise.all(Array.from({ length: 4 }, () => signedIn(app)));
    const commentIds = await Promise.all(helpers.map((h) => commentBy(app, h.user.id, post.id)));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => award(app, author.auth, post.id, commentIds[i % commentIds.length])),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(19);
    const balances = await Promise.all(helpers.map((h) => balanceOf(app, h.user.id)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('refuses visitors (401), other users (403) and unknown posts (404)', async () => {
    const author = await signedIn(app, { coins: 75 });
    const other = await signedIn(app);
    const post = await publishedBountyTea(app, author, admin, 50);
    const commentId = await commentBy(app, other.user.id, post.id);
    expect((await award(app, {}, post.id, commentId)).statusCode).toBe(401);
    expect((await award(app, other.auth, post.id, commentId)).statusCode).toBe(403);
    expect((await award(app, author.auth, 'junk', commentId)).statusCode).toBe(404);
    expect(await balanceOf(app, other.user.id)).toBe(0);
    expect((await bountyOf(app, post.id))?.status).toBe('escrowed');
  });

  it("refuses the author's own comment, a comment on another tea, and an unknown comment", async () => {
    const author = await signedIn(app, { coins: 150 });
    const other = await signedIn(app);
    const post = await publishedBountyTea(app, author, admin, 50);
    const elsewhere = await approvedPost(app, other.user.id);

    const own = await award(app, author.auth, post.id, await commentBy(app, author.user.id, post.id));
    expect(own.statusCode).toBe(422);
    expect(errorOf(own.body).errors).toEqual([
      { field: 'comment_id', message: 'You cannot award the bounty to your own comment.' },
    ]);
    const foreign = await award(app, author.auth, post.id, await commentBy(app, other.user.id, elsewhere.id));
    expect(foreign.statusCode).toBe(422);
    expect(errorOf(foreign.body).errors).toEqual([
      { field: 'comment_id', message: 'That comment is not on this tea.' },
    ]);
    const unknown = await award(app, author.auth, post.id, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect((await award(app, author.auth, post.id, 'not-a-uuid')).statusCode).toBe(422);
    expect((await bountyOf(app, post.id))?.status).toBe('escrowed');
    expect(await balanceOf(app, other.user.id)).toBe(0);
  });

  it('refuses an award already made (409) and a tea not published (409)', async () => {
    const author = await signedIn(app, { coins: 250 });
    const helper = await signedIn(app);
    const post = await publishedBountyTea(app, author, admin, 50);
    const commentId = await commentBy(app, helper.user.id, post.id);
    expect((await award(app, author.auth, post.id, commentId)).statusCode).toBe(200);
    const again = await award(app, author.auth, post.id, commentId);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body).detail).toBe('This bounty is no longer open.');
    expect(await balanceOf(app, helper.user.id)).toBe(50);

    const pending = postOf(await submitWithBounty(app, author.auth, 50));
    const early = await award(app, author.auth, pending.id, await commentBy(app, helper.user.id, pending.id));
    expect(early.statusCode).toBe(409);
    expect(errorOf(early.body).detail).toBe('A bounty can be awarded once the tea is published.');

    const noBounty = postOf(await submitWithBounty(app, author.auth, 0));
    expect((await moderate(app, admin, noBounty.id, 'approved')).statusCode).toBe(200);
    const none = await award(app, author.auth, noBounty.id, await commentBy(app, helper.user.id, noBounty.id));
    expect(none.statusCode).toBe(409);
    expect(await balanceOf(app, helper.user.id)).toBe(50);
  });
});
