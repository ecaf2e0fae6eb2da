import { ERROR_CODES, MESSAGES } from '@kettle/shared';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postComment, vote } from '../../../test/conversation-kit.js';
import { buildUser, tokensFor } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { errorOf } from '../../../test/http.js';
import { balanceOf, expectInvariants, signedIn, type Auth } from '../../../test/posts-kit.js';
import { approvedPost, unlock } from '../../../test/reading-kit.js';
import { coinLedger, comments, postUnlocks, postVotes, users } from '../../db/schema.js';

let app: TestApp;
let authorId: string;
beforeAll(async () => {
  app = await createTestApp();
  authorId = (await signedIn(app)).user.id;
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

type Spend = { name: string; opened: boolean; send: (auth: Auth, postId: string) => Promise<LightMyRequestResponse> };

/** The three spends whose statement reads the account itself; vote and comment need the tea unlocked. */
const SPENDS: Spend[] = [
  { name: 'unlock', opened: false, send: (auth, id) => unlock(app, auth, id) },
  { name: 'vote', opened: true, send: (auth, id) => vote(app, auth, id) },
  {
    name: 'comment',
    opened: true,
    send: (auth, id) => postComment(app, auth, id, { content: 'Refused, never kept.' }),
  },
];

/** A tea this reader may spend on: unlocked already (free) when the spend needs it. */
async function teaFor(spend: Spend, readerId: string): Promise<string> {
  const post = await approvedPost(app, authorId);
  if (spend.opened) await app.ctx.db.insert(postUnlocks).values({ userId: readerId, postId: post.id, pricePaid: 0 });
  return post.id;
}

/** Everything a spend by this user could have written, and their balance. */
async function traces(userId: string) {
  const rows = async (table: typeof coinLedger | typeof postUnlocks | typeof postVotes | typeof comments) => {
    const [row] = await app.ctx.db.select({ n: count() }).from(table).where(eq(table.userId, userId));
    return row?.n ?? 0;
  };
  return {
    balance: await balanceOf(app, userId),
    ledger: await rows(coinLedger),
    unlocks: await rows(postUnlocks),
    votes: await rows(postVotes),
    comments: await rows(comments),
  };
}

describe("a spend judges the account its own statement read, as the request's authentication would", () => {
  it.each(SPENDS)('$name: a deactivated account gets 403 and nothing is charged or kept', async (spend) => {
    const reader = await signedIn(app, { coins: 100 });
    const postId = await teaFor(spend, reader.user.id);
    await app.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, reader.user.id));
    const before = await traces(reader.user.id);
    // The account is refused before the id is judged, as on every signed-in call.
    for (const id of [postId, 'junk']) {
      const res = await spend.send(reader.auth, id);
      expect(res.statusCode, id).toBe(403);
      expect(errorOf(res)).toEqual({ detail: MESSAGES.auth.inactive, code: ERROR_CODES.accountInactive });
    }
    expect(await traces(reader.user.id)).toEqual(before);
  });

  it.each(SPENDS)('$name: an unconfirmed address gets 403 and nothing is charged or kept', async (spend) => {
    const reader = await signedIn(app, { coins: 100, verified: false });
    const postId = await teaFor(spend, reader.user.id);
    const before = await traces(reader.user.id);
    for (const id of [postId, 'junk']) {
      const res = await spend.send(reader.auth, id);
      expect(res.statusCode, id).toBe(403);
      expect(errorOf(res).code).toBe(ERROR_CODES.emailNotVerified);
    }
    expect(await traces(reader.user.id)).toEqual(before);
  });

  it.each(SPENDS)('$name: a deleted account gets 401; a confirmed, active one is served', async (spend) => {
    const gone = await signedIn(app, { coins: 100 });
    const postId = await teaFor(spend, gone.user.id);
    await app.ctx.db.delete(users).where(eq(users.id, gone.user.id));
    const res = await spend.send(gone.auth, postId);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe(ERROR_CODES.unauthorized);

    const reader = await signedIn(app, { coins: 100 });
    const served = await spend.send(reader.auth, await teaFor(spend, reader.user.id));
    expect(served.statusCode, served.body).toBe(spend.name === 'comment' ? 201 : 200);
    expect(await balanceOf(app, reader.user.id)).toBeLessThan(100);
  });

  it('an admin demoted after sign-in pays for an unlock, though their token still says admin', async () => {
    const admin = await buildUser(app, { isAdmin: true, coins: 100 });
    const { auth } = await tokensFor(app, admin);
    const free = await unlock(app, auth, (await approvedPost(app, authorId, { unlockPrice: 30 })).id);
    expect(free.statusCode).toBe(200);
    expect(await balanceOf(app, admin.id)).toBe(100);

    await app.ctx.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
    const paid = await unlock(app, auth, (await approvedPost(app, authorId, { unlockPrice: 30 })).id);
    expect(paid.statusCode).toBe(200);
    expect(await balanceOf(app, admin.id)).toBe(70);
  });
});
