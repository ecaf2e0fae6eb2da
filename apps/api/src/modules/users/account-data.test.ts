import {
  ACCOUNT_DATA_MESSAGES,
  DELETED_COMMENT,
  DELETED_USERNAME,
  MESSAGES,
  type AccountExport,
  type CommentList,
} from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getComments, postComment } from '../../../test/conversation-kit.js';
import { buildUser, tokensFor } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf, login, refresh } from '../../../test/http.js';
import { buildPost, expectInvariants, ledgerOf, signedIn, type Auth } from '../../../test/posts-kit.js';
import { approvedPost, detailOf, getPost, unlock } from '../../../test/reading-kit.js';
import { reportPostCall } from '../../../test/reports-kit.js';
import { creditCoins } from '../coins/coins.service.js';
import { mailOutbox, notifications, posts, purchases, subscriptions, users } from '../../db/schema.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterEach(() => expectInvariants(app));
afterAll(() => app.teardown());

const exportCall = (auth: Auth) => app.inject({ method: 'GET', url: `${API}/users/me/export`, headers: auth });
const deleteCall = (auth: Auth, payload: object) =>
  app.inject({ method: 'DELETE', url: `${API}/users/me`, headers: auth, payload });

/** A member with something of everything: teas in each state, a comment, an unlock, a report, a purchase. */
async function busyMember() {
  const user = await buildUser(app, { coins: 300 });
  const { auth, refresh: refreshToken } = await tokensFor(app, user);
  const other = await buildUser(app);
  const published = await buildPost(app, user.id, { status: 'approved', title: 'My published tea' });
  const pending = await buildPost(app, user.id, { status: 'pending', title: 'My pending tea' });
  const rejected = await buildPost(app, user.id, { status: 'rejected', title: 'My rejected tea' });
  const theirs = await approvedPost(app, other.id);
  expect((await unlock(app, auth, theirs.id)).statusCode).toBe(200);
  expect((await postComment(app, auth, theirs.id, { content: 'My words on their tea.' })).statusCode).toBe(201);
  expect((await reportPostCall(app, auth, theirs.id)).statusCode).toBe(201);
  const [purchase] = await app.ctx.db
    .insert(purchases)
    .values({
      userId: user.id,
      provider: 'stripe',
      providerSessionId: `cs_test_${user.id}`,
      planId: 'small',
      coins: 100,
      bonusCoins: 0,
      totalCoins: 100,
      amountCents: 499,
      currency: 'usd',
      status: 'succeeded',
    })
    .returning();
  // A paid purchase is credited once (the invariants checked after each test hold it to that).
  await creditCoins(app.ctx.db, {
    userId: user.id,
    amount: 100,
    kind: 'purchase',
    reason: 'Bought the small bundle',
    reference: { type: 'purchase', id: String(purchase?.id) },
  });
  await app.ctx.mailer.send({ to: user.email, subject: 'An earlier mail', text: 'Hello', html: '<p>Hello</p>' });
  return { user, auth, refreshToken, other, published, pending, rejected, theirs };
}

describe('GET /users/me/export', () => {
  it("answers a JSON file of everything Kettle holds about the caller, and nothing of anyone else's", async () => {
    const m = await busyMember();
    const res = await exportCall(m.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="kettle-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file = res.json<AccountExport>();
    expect(file.profile).toMatchObject({ id: m.user.id, username: m.user.username, email: m.user.email });
    expect(file.teas.map((t) => t.title).sort()).toEqual(['My pending tea', 'My published tea', 'My rejected tea']);
    expect(file.comments.map((c) => c.content)).toEqual(['My words on their tea.']);
    expect(file.unlocks.map((u) => u.post_id)).toEqual([m.theirs.id]);
    expect(file.reports).toHaveLength(1);
    expect(file.purchases).toMatchObject([{ total_coins: 100, amount_cents: 499 }]);
    expect(file.ledger.map((row) => row.kind)).toEqual(expect.arrayContaining(['demo_grant', 'unlock', 'comment']));
    expect(file.notifications).toEqual([]);
    // Secrets and other people's data stay out: no hashes, no moderator, no derived columns.
    expect(res.body).not.toContain(m.user.passwordHash);
    expect(res.body).not.toContain(m.other.email);
    expect(file.teas.every((t) => !('search_words' in t))).toBe(true);
    expect(file.ledger.every((row) => !('actor_id' in row))).toBe(true);
  });

  it('is for the signed-in owner only, and limited to 5 an hour', async () => {
    expect((await exportCall({})).statusCode).toBe(401);
    const { auth } = await signedIn(app);
    for (let i = 0; i < 5; i++) expect((await exportCall(auth)).statusCode).toBe(200);
    expect((await exportCall(auth)).statusCode).toBe(429);
  });
});

describe('DELETE /users/me', () => {
  it('refuses a missing or wrong password and changes nothing', async () => {
    const m = await busyMember();
    const empty = await deleteCall(m.auth, { password: '' });
    expect(empty.statusCode).toBe(422);
    expect(errorOf(empty).errors).toContainEqual({
      field: 'password',
      message: ACCOUNT_DATA_MESSAGES.passwordRequired,
    });
    const wrong = await deleteCall(m.auth, { password: 'Not-the-password1' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).errors).toContainEqual({ field: 'password', message: ACCOUNT_DATA_MESSAGES.wrongPassword });
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row).toMatchObject({ username: m.user.username, isActive: true, deletedAt: null });
    expect((await deleteCall({}, { password: m.user.password })).statusCode).toBe(401);
  });

  it('refuses while a coin subscription would keep charging', async () => {
    const m = await busyMember();
    await app.ctx.db.insert(subscriptions).values({
      userId: m.user.id,
      provider: 'stripe',
      providerSubscriptionId: `sub_${m.user.id}`,
      planId: 'monthly',
      status: 'active',
    });
    const res = await deleteCall(m.auth, { password: m.user.password });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).detail).toBe(ACCOUNT_DATA_MESSAGES.subscriptionActive);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row?.deletedAt).toBeNull();
  });

  it('erases the account at once, as the dialog says, and mails the old address', async () => {
    const m = await busyMember();
    const balance = (await app.ctx.db.select().from(users).where(eq(users.id, m.user.id)))[0]?.coinBalance ?? 0;
    expect(balance).toBeGreaterThan(0);
    const res = await deleteCall(m.auth, { password: m.user.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_DATA_MESSAGES.deleted });

    // Email, username and password erased; the balance forfeited through the ledger.
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row).toMatchObject({ username: DELETED_USERNAME, isActive: false, coinBalance: 0, passwordHash: '' });
    expect(row?.email).not.toBe(m.user.email);
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await ledgerOf(app, m.user.id)).at(-1)).toMatchObject({ kind: 'account_deleted', delta: -balance });

    // Signed out everywhere, and the old credentials open nothing.
    expect((await refresh(app, m.refreshToken)).statusCode).toBe(401);
    expect((await exportCall(m.auth)).statusCode).toBe(403);
    const signIn = await login(app, m.user.email, m.user.password);
    expect(signIn.statusCode).toBe(401);
    expect(errorOf(signIn).detail).toBe(MESSAGES.auth.invalidCredentials);

    // Unpublished teas are gone; the published one stays, by 'deleted user'.
    const left = await app.ctx.db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, m.user.id));
    expect(left.map((p) => p.id)).toEqual([m.published.id]);
    expect(detailOf(await getPost(app, m.published.id)).author_username).toBe(DELETED_USERNAME);

    // The comment keeps its place in the thread as '[deleted]'.
    const reader = await signedIn(app, { isAdmin: true });
    const thread = (await getComments(app, reader.auth, m.theirs.id)).json<CommentList>();
    const mine = thread.comments.find((c) => c.user_id === m.user.id);
    expect(mine).toMatchObject({ content: DELETED_COMMENT, username: DELETED_USERNAME });

    // Purchases stay for accounting; notifications go.
    expect(await app.ctx.db.select().from(purchases).where(eq(purchases.userId, m.user.id))).toHaveLength(1);
    expect(await app.ctx.db.select().from(notifications).where(eq(notifications.userId, m.user.id))).toHaveLength(0);

    // The only mail left to the old address is the confirmation itself.
    await app.ctx.jobs.drain();
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, m.user.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Kettle account was deleted']);

    // No admin can revive or sanction an account its owner deleted.
    for (const [method, url, payload] of [
      ['PUT', `${API}/admin/users/${m.user.id}/status`, { is_active: true }],
      ['POST', `${API}/admin/users/${m.user.id}/actions`, { kind: 'warning', rule: 'truthful', message: 'Too late.' }],
    ] as const) {
      const res = await app.inject({ method, url, headers: reader.auth, payload });
      expect(res.statusCode, url).toBe(409);
      expect(errorOf(res).detail).toBe(ACCOUNT_DATA_MESSAGES.accountDeleted);
    }
  });

  it('frees the username, and a second deleted account is also called deleted user', async () => {
    const first = await busyMember();
    const second = await busyMember();
    expect((await deleteCall(first.auth, { password: first.user.password })).statusCode).toBe(200);
    expect((await deleteCall(second.auth, { password: second.user.password })).statusCode).toBe(200);
    const again = await buildUser(app, { username: first.user.username });
    expect(again.username).toBe(first.user.username);
  });
});
