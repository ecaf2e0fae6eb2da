import {
  BAN_MESSAGES,
  ERROR_CODES,
  LIFT_MESSAGES,
  type AccountAction,
  type AdminUser,
  type BanNotice,
} from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, errorOf, login, me } from '../../../test/http.js';
import { lastMailTo } from '../../../test/mailbox.js';
import { auditOf, signedIn, type Auth } from '../../../test/posts-kit.js';
import { notificationsOf } from '../../../test/reports-kit.js';
import { appeals, users } from '../../db/schema.js';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, { isAdmin: true });
});
afterAll(() => app.teardown());

const BAN = { kind: 'ban', rule: 'minors', message: 'A photo of a child.' } as const;
const SUSPENSION = { kind: 'suspension', days: 3, rule: 'respect', message: 'Harassing the subject.' } as const;

const act = async (userId: string, payload: object) => {
  const res = await app.inject({
    method: 'POST',
    url: `${API}/admin/users/${userId}/actions`,
    headers: admin.auth,
    payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json<AccountAction>();
};
const lift = (userId: string, actionId: string, reason: unknown, auth: Auth = admin.auth) =>
  app.inject({
    method: 'POST',
    url: `${API}/admin/users/${userId}/actions/${actionId}/lift`,
    headers: auth,
    payload: { reason },
  });
const adminView = async (userId: string) =>
  (await app.inject({ method: 'GET', url: `${API}/users/admin/${userId}`, headers: admin.auth })).json<AdminUser>();
const setStatus = (userId: string, isActive: boolean) =>
  app.inject({
    method: 'PUT',
    url: `${API}/admin/users/${userId}/status`,
    headers: admin.auth,
    payload: { is_active: isActive },
  });
const isActive = async (userId: string) =>
  (await app.ctx.db.select({ on: users.isActive }).from(users).where(eq(users.id, userId)))[0]?.on;

describe('a ban is not undone by Activate', () => {
  it('Activate answers 409 on a banned account and leaves it banned; Deactivate and Activate still work on a plain deactivation', async () => {
    const target = await signedIn(app);
    await act(target.user.id, BAN);
    const res = await setStatus(target.user.id, true);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).detail).toBe(LIFT_MESSAGES.banStands);
    expect(await isActive(target.user.id)).toBe(false);
    expect((await adminView(target.user.id)).standing.state).toBe('banned');

    const plain = await signedIn(app);
    expect((await setStatus(plain.user.id, false)).statusCode).toBe(200);
    expect((await adminView(plain.user.id)).standing.state).toBe('deactivated');
    expect((await setStatus(plain.user.id, true)).statusCode).toBe(200);
    expect(await isActive(plain.user.id)).toBe(true);
  });
});

describe("the users page shows each account's real standing", () => {
  it('active, suspended until its end, banned with rule and date, deactivated, deleted', async () => {
    const active = await signedIn(app);
    expect((await adminView(active.user.id)).standing).toEqual({
      state: 'active',
      since: null,
      until: null,
      rule_title: null,
      action_id: null,
    });

    const suspended = await signedIn(app);
    const suspension = await act(suspended.user.id, SUSPENSION);
    expect((await adminView(suspended.user.id)).standing).toEqual({
      state: 'suspended',
      since: suspension.created_at,
      until: suspension.ends_at,
      rule_title: suspension.rule_title,
      action_id: suspension.id,
    });

    const banned = await signedIn(app);
    const ban = await act(banned.user.id, BAN);
    expect((await adminView(banned.user.id)).standing).toEqual({
      state: 'banned',
      since: ban.created_at,
      until: null,
      rule_title: ban.rule_title,
      action_id: ban.id,
    });

    const deleted = await signedIn(app);
    await app.ctx.db.update(users).set({ deletedAt: new Date(), isActive: false }).where(eq(users.id, deleted.user.id));
    expect((await adminView(deleted.user.id)).standing.state).toBe('deleted');

    const list = await app.inject({
      method: 'GET',
      url: `${API}/users/admin/all?search=${encodeURIComponent(banned.user.email)}`,
      headers: admin.auth,
    });
    expect(list.json<{ data: AdminUser[] }>().data[0]?.standing.state).toBe('banned');
  });
});

describe('POST /admin/users/{id}/actions/{actionId}/lift', () => {
  it('lifts a ban with a reason: the account reopens, the lift is audited, the member told, their pending appeal closed', async () => {
    const target = await signedIn(app);
    const ban = await act(target.user.id, BAN);
    const [appeal] = await app.ctx.db
      .insert(appeals)
      .values({
        userId: target.user.id,
        targetType: 'action',
        targetId: ban.id,
        decisionAt: new Date(ban.created_at),
        decidedBy: admin.user.id,
        decision: {},
        statement: 'It was not me.',
      })
      .returning();

    const res = await lift(target.user.id, ban.id, '  The photo was of an adult.  ');
    expect(res.statusCode).toBe(200);
    const lifted = res.json<AccountAction>();
    expect(lifted.lift_reason).toBe('The photo was of an adult.');
    expect(lifted.lifted_at).not.toBeNull();
    expect(await isActive(target.user.id)).toBe(true);
    expect((await adminView(target.user.id)).standing.state).toBe('active');
    expect((await login(app, target.user.email, target.user.password)).statusCode).toBe(200);

    expect((await auditOf(app, target.user.id)).map((row) => row.action)).toContain('user.ban.lift');
    const notices = await notificationsOf(app, target.user.id);
    expect(notices.map((row) => row.kind)).toContain('account_restored');
    expect((await lastMailTo(app, target.user.email))?.subject).toBe(LIFT_MESSAGES.notice.title);
    const [closed] = await app.ctx.db
      .select()
      .from(appeals)
      .where(eq(appeals.id, appeal?.id ?? ''));
    expect(closed?.status).toBe('upheld');
    expect(closed?.reason).toBe(LIFT_MESSAGES.appealClosed('The photo was of an adult.'));

    const again = await lift(target.user.id, ban.id, 'Twice.');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).detail).toBe(LIFT_MESSAGES.notLiftable);
  });

  it('lifts a running suspension: the member may take part again', async () => {
    const target = await signedIn(app);
    const suspension = await act(target.user.id, SUSPENSION);
    expect((await lift(target.user.id, suspension.id, 'Sorted out with the subject.')).statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row?.suspendedUntil).toBeNull();
    expect((await adminView(target.user.id)).standing.state).toBe('active');
  });

  it('refuses a warning, an empty reason, a member, an unknown action and a deleted account, changing nothing', async () => {
    const target = await signedIn(app);
    const warning = await act(target.user.id, { kind: 'warning', rule: 'privacy', message: 'Careful.' });
    expect((await lift(target.user.id, warning.id, 'No.')).statusCode).toBe(409);
    const ban = await act(target.user.id, BAN);
    const empty = await lift(target.user.id, ban.id, '   ');
    expect(empty.statusCode).toBe(422);
    expect(errorOf(empty).detail).toBe(LIFT_MESSAGES.reasonRequired);
    expect((await lift(target.user.id, ban.id, 'Me.', target.auth)).statusCode).toBe(403);
    expect((await lift(target.user.id, '6a3d1f7e-0000-4000-8000-000000000000', 'Who?')).statusCode).toBe(404);
    expect(await isActive(target.user.id)).toBe(false);

    await app.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, target.user.id));
    expect((await lift(target.user.id, ban.id, 'Gone.')).statusCode).toBe(409);
  });
});

describe('a lifted ban no longer stands', () => {
  it('an upheld appeal of a later ban reopens the account though an earlier, lifted ban is still unreversed', async () => {
    const target = await signedIn(app);
    const first = await act(target.user.id, BAN);
    expect((await lift(target.user.id, first.id, 'Wrong person.')).statusCode).toBe(200);
    const second = await act(target.user.id, { ...BAN, message: 'A second photo.' });
    const filed = await app.inject({
      method: 'POST',
      url: `${API}/appeals/ban`,
      payload: { email: target.user.email, reference: second.id, statement: 'That photo is of an adult as well.' },
      remoteAddress: '203.0.113.70',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const queue = await app.inject({ method: 'GET', url: `${API}/admin/appeals?status=pending`, headers: admin.auth });
    const appeal = queue
      .json<{ data: Array<{ id: string; target_id: string }> }>()
      .data.find((row) => row.target_id === second.id);
    const decided = await app.inject({
      method: 'PUT',
      url: `${API}/admin/appeals/${appeal?.id ?? ''}`,
      headers: admin.auth,
      payload: { status: 'upheld', reason: 'An adult, again.' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await isActive(target.user.id)).toBe(true);
  });
});

describe('a banned member is told so', () => {
  it('sign-in and a signed-in request answer ACCOUNT_BANNED with the rule, the date and the appeal link', async () => {
    const target = await signedIn(app);
    const signIn = await login(app, target.user.email, target.user.password);
    const access = signIn.json<{ access_token: string }>().access_token;
    const ban = await act(target.user.id, BAN);

    for (const res of [await login(app, target.user.email, target.user.password), await me(app, access)]) {
      expect(res.statusCode).toBe(403);
      const body = res.json<{ code: string; detail: string; ban: BanNotice }>();
      expect(body.code).toBe(ERROR_CODES.accountBanned);
      expect(body.detail).toBe(BAN_MESSAGES.detail(ban.rule_title, ban.created_at));
      expect(body.ban).toMatchObject({
        reference: ban.id,
        rule_title: ban.rule_title,
        banned_at: ban.created_at,
        appeal_path: `/moderation?tab=status&reference=${ban.id}`,
      });
      expect(new Date(body.ban.appeal_until).getTime() - new Date(ban.created_at).getTime()).toBe(
        30 * 24 * 3600 * 1000,
      );
    }
  });

  it('a plain deactivation keeps its own message', async () => {
    const target = await signedIn(app);
    expect((await setStatus(target.user.id, false)).statusCode).toBe(200);
    const res = await login(app, target.user.email, target.user.password);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe(ERROR_CODES.accountInactive);
  });
});
