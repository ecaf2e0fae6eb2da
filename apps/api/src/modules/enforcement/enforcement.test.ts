import {
  ENFORCEMENT_MESSAGES,
  ERROR_CODES,
  MESSAGES,
  formatUntil,
  ruleTitle,
  type AccountAction,
  type AccountActionInput,
  type AccountStanding,
} from '@kettle/shared';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postComment, vote } from '../../../test/conversation-kit.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf, login, me, refresh } from '../../../test/http.js';
import { lastMailTo } from '../../../test/mailbox.js';
import {
  auditOf,
  balanceOf,
  buildPost,
  expectInvariants,
  refs,
  signedIn,
  submitJson,
  teaBody,
  type Auth,
} from '../../../test/posts-kit.js';
import { approvedPost, emptyPotCall, getPost, unlock } from '../../../test/reading-kit.js';
import { buildComment, notificationsOf, reportCommentCall, reportPostCall } from '../../../test/reports-kit.js';
import { accountActions, coinLedger, postUnlocks, users } from '../../db/schema.js';
import { buildUser, tokensFor } from '../../../test/factories.js';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, { isAdmin: true });
});
// Comments here are inserted straight into the table, without their charge.
afterEach(() => expectInvariants(app, { spends: false }));
afterAll(() => app.teardown());

const act = (auth: Auth, userId: string, payload: Partial<AccountActionInput> | Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `${API}/admin/users/${userId}/actions`, headers: auth, payload });
const actionsCall = (auth: Auth, userId: string) =>
  app.inject({ method: 'GET', url: `${API}/admin/users/${userId}/actions`, headers: auth });
const standingCall = (auth: Auth) => app.inject({ method: 'GET', url: `${API}/users/me/standing`, headers: auth });

const WARNING = { kind: 'warning', rule: 'privacy', message: 'You named a private person.' } as const;
const SUSPENSION = { kind: 'suspension', days: 3, rule: 'respect', message: 'Harassing the subject.' } as const;
const BAN = { kind: 'ban', rule: 'minors', message: 'A photo of a child.' } as const;

describe('POST /admin/users/{id}/actions refuses what it must', () => {
  it('answers 401 to a visitor, 403 to a reader, and 403 to an admin acting on themselves', async () => {
    const target = await signedIn(app);
    expect((await act({}, target.user.id, WARNING)).statusCode).toBe(401);
    expect((await act(target.auth, target.user.id, WARNING)).statusCode).toBe(403);
    const self = await act(admin.auth, admin.user.id, BAN);
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).detail).toBe(ENFORCEMENT_MESSAGES.cannotActOnSelf);
    expect(await actionCount(target.user.id)).toBe(0);
  });

  it('answers 404 for an unknown or malformed user id', async () => {
    for (const id of ['6a3d1f7e-0000-4000-8000-000000000000', 'junk']) {
      const res = await act(admin.auth, id, WARNING);
      expect(res.statusCode, id).toBe(404);
      expect(errorOf(res).detail).toBe(MESSAGES.notFound.user);
    }
  });

  it.each([
    [{ ...WARNING, kind: 'scolding' }, 'kind', ENFORCEMENT_MESSAGES.kindRequired],
    [{ ...WARNING, rule: 'be_nice' }, 'rule', ENFORCEMENT_MESSAGES.ruleRequired],
    [{ ...WARNING, message: '   ' }, 'message', ENFORCEMENT_MESSAGES.messageRequired],
    [{ ...WARNING, message: 'x'.repeat(1001) }, 'message', ENFORCEMENT_MESSAGES.messageTooLong],
    [{ ...SUSPENSION, days: undefined }, 'days', ENFORCEMENT_MESSAGES.daysRequired],
    [{ ...SUSPENSION, days: 31 }, 'days', ENFORCEMENT_MESSAGES.daysRange],
    [{ ...SUSPENSION, days: 0 }, 'days', ENFORCEMENT_MESSAGES.daysRange],
    [{ ...WARNING, days: 3 }, 'days', ENFORCEMENT_MESSAGES.daysOnlyForSuspension],
  ])('422 for %j on %s, and nothing changes', async (payload, field, message) => {
    const target = await signedIn(app);
    const res = await act(admin.auth, target.user.id, payload);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors).toContainEqual({ field, message });
    expect(await actionCount(target.user.id)).toBe(0);
    expect((await me(app, target.auth.authorization?.slice(7) ?? '')).json()).toMatchObject({ suspended_until: null });
  });

  it("422 when the cited tea is not the user's", async () => {
    const target = await signedIn(app);
    const other = await buildPost(app, admin.user.id);
    const res = await act(admin.auth, target.user.id, { ...WARNING, post_id: other.id });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).errors).toContainEqual({ field: 'post_id', message: ENFORCEMENT_MESSAGES.postNotTheirs });
    expect(await actionCount(target.user.id)).toBe(0);
  });
});

describe('a warning', () => {
  it('is recorded with its rule and tea, audited, and reaches the user in-app and by mail', async () => {
    const target = await signedIn(app, { coins: 100 });
    const post = await buildPost(app, target.user.id, { status: 'rejected' });
    const res = await act(admin.auth, target.user.id, { ...WARNING, post_id: post.id });
    expect(res.statusCode, res.body).toBe(201);
    const action = res.json<AccountAction>();
    expect(action).toMatchObject({
      kind: 'warning',
      rule: 'privacy',
      rule_title: 'Keep private lives private',
      message: WARNING.message,
      days: null,
      ends_at: null,
      post_id: post.id,
      post_title: post.title,
      issued_by: admin.user.username,
    });
    expect((await auditOf(app, target.user.id)).map((row) => row.action)).toContain('user.warning');
    const [notice] = await notificationsOf(app, target.user.id);
    expect(notice).toMatchObject({ kind: 'account_warning', title: 'You received a warning', link: '/account' });
    expect(notice?.body).toContain('Keep private lives private');
    expect(notice?.body).toContain(WARNING.message);
    const mail = await lastMailTo(app, target.user.email);
    expect(mail?.subject).toBe('You received a warning');
    expect(mail?.text).toContain(WARNING.message);
    expect(mail?.text).toContain(`Reference: ${action.id}`);
    // A warning takes nothing away.
    expect((await unlock(app, target.auth, (await approvedPost(app, admin.user.id)).id)).statusCode).toBe(200);
  });
});

type Attempt = { name: string; send: (auth: Auth, userId: string) => Promise<LightMyRequestResponse> };

/** Every action a suspension stops, each on a target it would otherwise succeed on. */
const PAID: Attempt[] = [
  { name: 'submit', send: async (auth) => submitJson(app, auth, teaBody(await refs(app))) },
  {
    name: 'reversal',
    send: async (auth) =>
      submitJson(
        app,
        auth,
        teaBody(await refs(app), { original_post_id: (await approvedPost(app, admin.user.id)).id }),
        '/posts/reversal',
      ),
  },
  { name: 'unlock', send: async (auth) => unlock(app, auth, (await approvedPost(app, admin.user.id)).id) },
  { name: 'vote', send: async (auth, userId) => vote(app, auth, await openedTea(userId)) },
  {
    name: 'comment',
    send: async (auth, userId) => postComment(app, auth, await openedTea(userId), { content: 'Never kept.' }),
  },
  {
    name: 'report a tea',
    send: async (auth) => reportPostCall(app, auth, (await approvedPost(app, admin.user.id)).id),
  },
  {
    name: 'report a comment',
    send: async (auth, userId) => {
      const postId = await openedTea(userId);
      return reportCommentCall(app, auth, (await buildComment(app, postId, admin.user.id)).id);
    },
  },
  {
    name: 'empty the pot',
    send: async (auth, userId) => emptyPotCall(app, auth, (await buildPost(app, userId, { status: 'approved' })).id),
  },
];

async function openedTea(userId: string): Promise<string> {
  const post = await approvedPost(app, admin.user.id);
  await app.ctx.db.insert(postUnlocks).values({ userId, postId: post.id, pricePaid: 0 });
  return post.id;
}

async function suspended(days = 3) {
  const target = await signedIn(app, { coins: 200 });
  const res = await act(admin.auth, target.user.id, { ...SUSPENSION, days });
  expect(res.statusCode, res.body).toBe(201);
  return { ...target, action: res.json<AccountAction>() };
}

const ledgerRows = async (userId: string) =>
  (await app.ctx.db.select({ n: count() }).from(coinLedger).where(eq(coinLedger.userId, userId)))[0]?.n ?? 0;

describe('a suspension', () => {
  it('ends after its days, shows on /auth/me, and tells the user until when', async () => {
    const before = Date.now();
    const { user, auth, action } = await suspended(3);
    const endsAt = Date.parse(action.ends_at ?? '');
    expect(endsAt - before).toBeGreaterThanOrEqual(3 * 86_400_000);
    expect(endsAt - Date.now()).toBeLessThanOrEqual(3 * 86_400_000);
    expect((await me(app, auth.authorization?.slice(7) ?? '')).json()).toMatchObject({
      suspended_until: action.ends_at,
    });
    const [notice] = await notificationsOf(app, user.id);
    expect(notice).toMatchObject({ kind: 'account_suspended', title: 'Your account is suspended' });
    expect(notice?.body).toContain(formatUntil(action.ends_at ?? ''));
    expect((await lastMailTo(app, user.email))?.subject).toBe('Your account is suspended');
  });

  it.each(PAID)('$name: 403 naming the end date, and nothing is charged or kept', async (attempt) => {
    const { user, auth, action } = await suspended();
    const balance = await balanceOf(app, user.id);
    const ledger = await ledgerRows(user.id);
    const res = await attempt.send(auth, user.id);
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res)).toEqual({
      detail: ENFORCEMENT_MESSAGES.suspended(action.ends_at ?? ''),
      code: ERROR_CODES.accountSuspended,
    });
    expect(errorOf(res).detail).toContain(formatUntil(action.ends_at ?? ''));
    expect(await balanceOf(app, user.id)).toBe(balance);
    expect(await ledgerRows(user.id)).toBe(ledger);
  });

  it.each(PAID)('$name: allowed again once the suspension has ended, with no one lifting it', async (attempt) => {
    const { user, auth } = await suspended();
    // The end date passing, as the clock would make it.
    await app.ctx.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    const res = await attempt.send(auth, user.id);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await me(app, auth.authorization?.slice(7) ?? '')).json()).toMatchObject({ suspended_until: null });
  });

  it('still lets the user sign in, read a tea and see their standing', async () => {
    const target = await buildUser(app, { coins: 50 });
    const res = await act(admin.auth, target.id, SUSPENSION);
    expect(res.statusCode).toBe(201);
    const signIn = await login(app, target.email, target.password);
    expect(signIn.statusCode, signIn.body).toBe(200);
    const auth = { authorization: `Bearer ${signIn.json<{ access_token: string }>().access_token}` };
    expect((await getPost(app, (await approvedPost(app, admin.user.id)).id, auth)).statusCode).toBe(200);
    const standing = (await standingCall(auth)).json<AccountStanding>();
    expect(standing.suspended_until).toBe(res.json<AccountAction>().ends_at);
    expect(standing.actions).toHaveLength(1);
    // The user's own history never names the moderator.
    expect(standing.actions[0]).toMatchObject({ kind: 'suspension', days: 3, issued_by: null });
  });
});

describe('a ban', () => {
  it('closes the account: sessions revoked, sign-in refused, the mail quotes the reference', async () => {
    const target = await buildUser(app);
    const { access, refresh: refreshToken } = await tokensFor(app, target);
    const res = await act(admin.auth, target.id, BAN);
    expect(res.statusCode).toBe(201);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.isActive).toBe(false);
    expect((await refresh(app, refreshToken)).statusCode).toBe(401);
    expect((await me(app, access)).statusCode).toBe(403);
    const signIn = await login(app, target.email, target.password);
    expect(signIn.statusCode).toBe(403);
    // Told it is a ban, with the rule (lift-action.test.ts checks the whole notice).
    expect(errorOf(signIn).code).toBe(ERROR_CODES.accountBanned);
    expect(errorOf(signIn).detail).toContain(ruleTitle(BAN.rule));
    const mail = await lastMailTo(app, target.email);
    expect(mail?.subject).toBe('Your account is banned');
    expect(mail?.text).toContain(`Reference: ${res.json<AccountAction>().id}`);
  });
});

describe('GET /admin/users/{id}/actions', () => {
  it('lists every action newest first with who decided, for admins only', async () => {
    const target = await signedIn(app);
    expect((await act(admin.auth, target.user.id, WARNING)).statusCode).toBe(201);
    expect((await act(admin.auth, target.user.id, SUSPENSION)).statusCode).toBe(201);
    const res = await actionsCall(admin.auth, target.user.id);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: AccountAction[] }>();
    expect(data.map((a) => a.kind)).toEqual(['suspension', 'warning']);
    expect(data.every((a) => a.issued_by === admin.user.username)).toBe(true);
    expect((await actionsCall(target.auth, target.user.id)).statusCode).toBe(403);
    expect((await actionsCall(admin.auth, 'junk')).statusCode).toBe(404);
  });

  it('a reader in good standing has no suspension and an empty history', async () => {
    const reader = await signedIn(app);
    expect((await standingCall(reader.auth)).json()).toEqual({ suspended_until: null, actions: [] });
    expect((await standingCall({})).statusCode).toBe(401);
  });
});

async function actionCount(userId: string): Promise<number> {
  const [row] = await app.ctx.db.select({ n: count() }).from(accountActions).where(eq(accountActions.userId, userId));
  return row?.n ?? 0;
}
