import { COSTS, VOTE_MESSAGES, type VoteResponse } from '@kettle/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { balanceOf, buildPost, expectInvariants, signedIn } from '../../../test/posts-kit.js';
import { approvedPost, unlock } from '../../../test/reading-kit.js';
import { buildUser } from '../../../test/factories.js';
import { postUnlocks } from '../../db/schema.js';
import { voteInBatch } from './votes.repository.js';
import { errorOf, eventsOf, spendsOf, vote, voteCountOf, votesOf } from '../../../test/conversation-kit.js';

let app: TestApp;
let author: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  author = await signedIn(app);
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

/** A signed-in reader who paid to unlock `postId` (40 coins of `coins`). */
async function unlockedReader(postId: string, coins = 100) {
  const reader = await signedIn(app, { coins });
  expect((await unlock(app, reader.auth, postId)).statusCode).toBe(200);
  return reader;
}

/** Nothing happened to this post or this voter: no vote row, no counter change, no charge, no event. */
async function expectUntouched(postId: string, userId: string, balance: number) {
  expect(await votesOf(app, postId)).toHaveLength(0);
  expect(await voteCountOf(app, postId)).toBe(0);
  expect(await spendsOf(app, userId, 'vote')).toHaveLength(0);
  expect(await balanceOf(app, userId)).toBe(balance);
  expect(await eventsOf(app, postId, 'vote_update')).toHaveLength(0);
}

describe('POST /api/v1/posts/{id}/vote', () => {
  it('charges 5 coins once, counts the vote and records a vote_update event', async () => {
    const post = await approvedPost(app, author.user.id);
    const reader = await unlockedReader(post.id);
    const res = await vote(app, reader.auth, post.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<VoteResponse>()).toEqual({
      message: 'Your upvote has been recorded successfully.',
      vote_count: 1,
      has_user_voted: true,
      can_vote: false,
      coin_balance: 60 - COSTS.upvote,
    });
    expect(await votesOf(app, post.id)).toMatchObject([{ userId: reader.user.id, postId: post.id }]);
    expect(await voteCountOf(app, post.id)).toBe(1);
    const spends = await spendsOf(app, reader.user.id, 'vote');
    expect(spends).toHaveLength(1);
    expect(spends[0]).toMatchObject({ delta: -5, balanceAfter: 55, referenceType: 'post', referenceId: post.id });
    const events = await eventsOf(app, post.id, 'vote_update');
    expect(events.map((event) => event.payload)).toEqual([{ new_vote_count: 1, voter_id: reader.user.id }]);
  });

  it('answers 409 to a second vote and charges nothing more', async () => {
    const post = await approvedPost(app, author.user.id);
    const reader = await unlockedReader(post.id);
    expect((await vote(app, reader.auth, post.id)).statusCode).toBe(200);
    const again = await vote(app, reader.auth, post.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ detail: VOTE_MESSAGES.alreadyVoted, code: 'CONFLICT' });
    expect(await balanceOf(app, reader.user.id)).toBe(55);
    expect(await spendsOf(app, reader.user.id, 'vote')).toHaveLength(1);
    expect(await voteCountOf(app, post.id)).toBe(1);
    expect(await eventsOf(app, post.id, 'vote_update')).toHaveLength(1);
  });

  it('counts votes of different readers', async () => {
    const post = await approvedPost(app, author.user.id);
    const first = await unlockedReader(post.id);
    const second = await unlockedReader(post.id);
    expect((await vote(app, first.auth, post.id)).json<VoteResponse>().vote_count).toBe(1);
    expect((await vote(app, second.auth, post.id)).json<VoteResponse>().vote_count).toBe(2);
    const events = await eventsOf(app, post.id, 'vote_update');
    expect(events.map((event) => event.payload)).toEqual([
      { new_vote_count: 1, voter_id: first.user.id },
      { new_vote_count: 2, voter_id: second.user.id },
    ]);
  });

  it('needs a signed-in user with a verified address', async () => {
    const post = await approvedPost(app, author.user.id);
    expect((await vote(app, {}, post.id)).statusCode).toBe(401);
    const unverified = await signedIn(app, { verified: false, coins: 100 });
    const res = await vote(app, unverified.auth, post.id);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('EMAIL_NOT_VERIFIED');
    await expectUntouched(post.id, unverified.user.id, 100);
  });

  it('refuses a reader who has not unlocked the post (403) and charges nothing', async () => {
    const post = await approvedPost(app, author.user.id);
    const reader = await signedIn(app, { coins: 100 });
    const res = await vote(app, reader.auth, post.id);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).detail).toBe('Unlock this tea to read and join the conversation.');
    await expectUntouched(post.id, reader.user.id, 100);
  });

  it('refuses the author their own tea (403) and charges nothing', async () => {
    const own = await signedIn(app, { coins: 100 });
    const post = await approvedPost(app, own.user.id);
    const res = await vote(app, own.auth, post.id);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).detail).toBe(VOTE_MESSAGES.ownPost);
    await expectUntouched(post.id, own.user.id, 100);
  });

  it('lets an admin vote without unlocking (admins read free), for 5 coins', async () => {
    const admin = await signedIn(app, { isAdmin: true, coins: 20 });
    const post = await approvedPost(app, author.user.id);
    const res = await vote(app, admin.auth, post.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<VoteResponse>()).toMatchObject({ vote_count: 1, coin_balance: 15 });
    expect(await spendsOf(app, admin.user.id, 'unlock')).toHaveLength(0);
  });

  it('answers 404 for unpublished, unknown and malformed ids, even to an admin, and charges nothing', async () => {
    const admin = await signedIn(app, { isAdmin: true, coins: 100 });
    const reader = await signedIn(app, { coins: 100 });
    const pending = await buildPost(app, author.user.id, { status: 'pending' });
    const rejected = await buildPost(app, author.user.id, { status: 'rejected' });
    for (const who of [admin, reader]) {
      for (const id of [pending.id, rejected.id, '00000000-0000-4000-8000-000000000000', 'junk']) {
        const res = await vote(app, who.auth, id);
        expect(res.statusCode, id).toBe(404);
        expect(errorOf(res).detail).toBe('Post not found.');
      }
      expect(await balanceOf(app, who.user.id)).toBe(100);
    }
    expect(await voteCountOf(app, pending.id)).toBe(0);
  });

  it('answers 402 on a short balance and changes nothing', async () => {
    const post = await approvedPost(app, author.user.id);
    const reader = await unlockedReader(post.id, 40 + COSTS.upvote - 1);
    const res = await vote(app, reader.auth, post.id);
    expect(res.statusCode).toBe(402);
    expect(errorOf(res)).toMatchObject({
      code: 'INSUFFICIENT_COINS',
      detail: 'You need 5 Tea Coins for this. Buy coins or claim your daily drop.',
    });
    await expectUntouched(post.id, reader.user.id, 4);
  });
});

describe('votes under concurrency (security.md M1)', () => {
  it('50 concurrent votes by one user on one post: one row, +1, one 5-coin charge', async () => {
    const post = await approvedPost(app, author.user.id);
    const reader = await unlockedReader(post.id, 1000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => vote(app, reader.auth, post.id)));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    expect(await votesOf(app, post.id)).toHaveLength(1);
    expect(await voteCountOf(app, post.id)).toBe(1);
    expect(await spendsOf(app, reader.user.id, 'vote')).toMatchObject([{ delta: -5 }]);
    expect(await balanceOf(app, reader.user.id)).toBe(1000 - 40 - 5);
    expect(await eventsOf(app, post.id, 'vote_update')).toHaveLength(1);
  });

  it('20 readers voting at once are all counted', async () => {
    const post = await approvedPost(app, author.user.id);
    const readers = await Promise.all(Array.from({ length: 20 }, () => unlockedReader(post.id)));
    const answers = await Promise.all(readers.map((reader) => vote(app, reader.auth, post.id)));
    expect(answers.map((res) => res.statusCode).filter((code) => code !== 200)).toEqual([]);
    expect(await voteCountOf(app, post.id)).toBe(20);
    expect(await votesOf(app, post.id)).toHaveLength(20);
    // Each count 1..20 is announced once (events are recorded after commit, so not always in order).
    const counts = (await eventsOf(app, post.id, 'vote_update')).map(
      (event) => (event.payload as { new_vote_count: number }).new_vote_count,
    );
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('votes asked at once', () => {
  it('share one statement, each decided as if alone; a second by one reader or on one tea goes next', async () => {
    const [first, second, third, fourth] = await Promise.all(
      Array.from({ length: 4 }, () => approvedPost(app, author.user.id)),
    );
    if (!first || !second || !third || !fourth) throw new Error('no teas');
    const ann = await unlockedReader(first.id, 200);
    expect((await unlock(app, ann.auth, second.id)).statusCode).toBe(200);
    const bea = await unlockedReader(first.id);
    const dan = await unlockedReader(second.id);
    const poor = await unlockedReader(third.id, 44);
    const stranger = await signedIn(app, { coins: 100 });
    const asks = [
      [ann, first],
      [dan, second],
      [poor, third],
      [stranger, fourth],
      // The first tea again, and Ann again: each waits for the next statement.
      [bea, first],
      [ann, second],
    ] as const;
    // Each token checked once first (a malformed id spends nothing), so all six reach the handler in one turn.
    for (const [who] of asks) await vote(app, who.auth, 'junk');
    const before = app.ctx.database.stats().queries;
    const answers = await Promise.all(asks.map(([who, post]) => vote(app, who.auth, post.id)));
    expect(app.ctx.database.stats().queries - before).toBe(2);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 402, 403, 200, 200]);
    expect(answers.map((res) => (res.statusCode === 200 ? res.json<VoteResponse>().vote_count : null))).toEqual([
      1,
      1,
      null,
      null,
      2,
      2,
    ]);
    expect(answers[5]?.json<VoteResponse>().coin_balance).toBe(200 - 80 - 2 * COSTS.upvote);
    for (const [post, count] of [
      [first, 2],
      [second, 2],
      [third, 0],
      [fourth, 0],
    ] as const) {
      expect(await voteCountOf(app, post.id)).toBe(count);
      expect(await votesOf(app, post.id)).toHaveLength(count);
      const counts = (await eventsOf(app, post.id, 'vote_update')).map(
        (event) => (event.payload as { new_vote_count: number }).new_vote_count,
      );
      expect(counts.sort()).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    }
    expect(await balanceOf(app, poor.user.id)).toBe(4);
    expect(await balanceOf(app, stranger.user.id)).toBe(100);
  });
});

describe('the vote statement under contention on one row', () => {
  it('200 readers voting on one tea as fast as the pool sends them all land (no lock cycle)', async () => {
    const post = await approvedPost(app, author.user.id);
    const readers = await Promise.all(Array.from({ length: 200 }, () => buildUser(app, { coins: 100 })));
    await app.ctx.db
      .insert(postUnlocks)
      .values(readers.map((reader) => ({ userId: reader.id, postId: post.id, pricePaid: 0 })));
    const outcomes = await Promise.allSettled(
      readers.map((reader) => voteInBatch(app.ctx.db, { readerId: reader.id, postId: post.id }, false)),
    );
    expect(
      outcomes
        .filter((outcome) => outcome.status === 'rejected')
        .map((outcome) => String((outcome as PromiseRejectedResult).reason)),
    ).toEqual([]);
    expect(await voteCountOf(app, post.id)).toBe(200);
  });
});
