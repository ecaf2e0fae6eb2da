import { ERROR_CODES, INPUT_MESSAGES, PG_INT_MAX } from '@kettle/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { API, errorOf } from '../../test/http.js';
import { balanceOf, expectInvariants, refs, signedIn, teaBody, type Auth } from '../../test/posts-kit.js';
import { coinLedger, posts, users } from '../db/schema.js';
import { approvedPost } from '../../test/reading-kit.js';

/** Integers past an int4 column used to reach PostgreSQL and come back as 500s. */
let app: TestApp;
let admin: Auth;
beforeAll(async () => {
  app = await createTestApp();
  admin = (await signedIn(app, { isAdmin: true })).auth;
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

const ledgerRows = async () => (await app.ctx.db.select({ n: count() }).from(coinLedger))[0]?.n;

describe('integers past their column answer 422 with the envelope and change nothing', () => {
  it('add-coins of 2,147,483,647 to a user with coins', async () => {
    const { user } = await signedIn(app, { coins: 500 });
    const before = await ledgerRows();
    const res = await app.inject({
      method: 'POST',
      url: `${API}/users/admin/${user.id}/add-coins`,
      headers: admin,
      payload: { coins_to_add: PG_INT_MAX, reason: 'Testing the ceiling' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorOf(res).code).toBe(ERROR_CODES.validation);
    expect(errorOf(res).errors?.[0]?.field).toBe('coins_to_add');
    expect(await balanceOf(app, user.id)).toBe(500);
    expect(await ledgerRows()).toBe(before);
  });

  it('add-coins whose sum with the balance passes the column is refused as a 422 on the amount', async () => {
    const { user } = await signedIn(app, { coins: PG_INT_MAX - 1000 });
    const before = await ledgerRows();
    const res = await app.inject({
      method: 'POST',
      url: `${API}/users/admin/${user.id}/add-coins`,
      headers: admin,
      payload: { coins_to_add: 5000, reason: 'Tipping it over' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorOf(res)).toMatchObject({
      code: ERROR_CODES.validation,
      detail: INPUT_MESSAGES.balanceTooLarge,
      errors: [{ field: 'coins_to_add', message: INPUT_MESSAGES.balanceTooLarge }],
    });
    expect(await balanceOf(app, user.id)).toBe(PG_INT_MAX - 1000);
    expect(await ledgerRows()).toBe(before);
  });

  it('set balance past the column', async () => {
    const { user } = await signedIn(app, { coins: 50 });
    const res = await app.inject({
      method: 'PUT',
      url: `${API}/users/admin/${user.id}/coin-balance`,
      headers: admin,
      payload: { coin_balance: 3_000_000_000, reason: 'Too rich' },
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors?.[0]?.field).toBe('coin_balance');
    expect(await balanceOf(app, user.id)).toBe(50);
  });

  it.each([PG_INT_MAX, 3_000_000_000, 1e30])('an admin edit with unlock_price %s', async (price) => {
    const author = await signedIn(app);
    const post = await approvedPost(app, author.user.id);
    const res = await app.inject({
      method: 'PUT',
      url: `${API}/posts/admin/${post.id}`,
      headers: admin,
      payload: { status: 'approved', unlock_price: price },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorOf(res).code).toBe(ERROR_CODES.validation);
    expect(errorOf(res).errors?.[0]?.field).toBe('unlock_price');
    // Past 2^53 a number is no longer a safe integer, and zod says so first.
    if (Number.isSafeInteger(price)) expect(errorOf(res).detail).toBe(INPUT_MESSAGES.unlockPriceTooLarge);
    const [row] = await app.ctx.db.select({ price: posts.unlockPrice }).from(posts).where(eq(posts.id, post.id));
    expect(row?.price).toBe(post.unlockPrice);
  });

  it('a tea with a bounty of 3e9 is refused and nothing is charged', async () => {
    const { user, auth } = await signedIn(app, { coins: 500 });
    const res = await app.inject({
      method: 'POST',
      url: `${API}/posts/`,
      headers: auth,
      payload: teaBody(await refs(app), { bounty: 3e9 }),
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors?.[0]?.field).toBe('bounty');
    expect(await balanceOf(app, user.id)).toBe(500);
    expect((await app.ctx.db.select({ n: count() }).from(posts).where(eq(posts.authorId, user.id)))[0]?.n).toBe(0);
  });

  it.each([
    `${API}/posts/?skip=99999999999999999999`,
    `${API}/posts/?limit=1e400`,
    `${API}/posts/admin/all?skip=${PG_INT_MAX}`,
    `${API}/users/admin/all?skip=3000000000`,
    `${API}/posts/admin/reports?limit=${PG_INT_MAX}`,
    `${API}/notifications/?skip=1e20`,
    `${API}/payments/transactions?skip=3000000000`,
    `${API}/company/all?skip=3000000000`,
  ])('%s is a 422, never a 500', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: admin });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorOf(res).code).toBe(ERROR_CODES.validation);
  });

  it('the users table is untouched by all of the above', async () => {
    const [row] = await app.ctx.db.select({ n: count() }).from(users).where(eq(users.coinBalance, PG_INT_MAX));
    expect(row?.n).toBe(0);
  });
});
