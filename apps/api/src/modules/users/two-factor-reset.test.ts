import { MESSAGES, TWO_FACTOR_MESSAGES, type AdminUser } from '@kettle/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, tokensFor } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API, bearer, errorOf, login, refresh } from '../../../test/http.js';
import { lastMailTo } from '../../../test/mailbox.js';
import { freezeClock, status, turnOnTwoFactor } from '../../../test/two-factor-kit.js';
import { auditLog, twoFactorRecoveryCodes } from '../../db/schema.js';

let app: TestApp;
let admin: { id: string; access: string };
let clock: ReturnType<typeof freezeClock>;
beforeAll(async () => {
  app = await createTestApp();
  const user = await buildUser(app, { isAdmin: true });
  admin = { id: user.id, access: (await tokensFor(app, user)).access };
});
beforeEach(() => {
  clock = freezeClock();
});
afterEach(async () => {
  clock.release();
  await app.ctx.jobs.drain();
});
afterAll(() => app.teardown());

const reset = (access: string, id: string) =>
  app.inject({ method: 'DELETE', url: `${API}/admin/users/${id}/two-factor`, headers: bearer(access) });

describe('DELETE /admin/users/{id}/two-factor', () => {
  it("turns a member's two-factor off, signs them out, mails them and is audited", async () => {
    const member = await buildUser(app);
    const tokens = await tokensFor(app, member);
    await turnOnTwoFactor(app, tokens.access);
    const session = await tokensFor(app, member);

    const res = await reset(admin.access, member.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminUser>()).toMatchObject({ id: member.id, two_factor_enabled: false });
    expect((await refresh(app, session.refresh)).statusCode).toBe(401);
    expect(
      await app.ctx.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, member.id)),
    ).toEqual([]);
    const signIn = await login(app, member.email, member.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toHaveProperty('access_token');
    expect((await status(app, signIn.json<{ access_token: string }>().access_token)).json()).toMatchObject({
      enabled: false,
    });
    expect((await lastMailTo(app, member.email))?.text).toContain('An admin turned off two-factor sign-in');
    const audits = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, member.id), eq(auditLog.action, 'user.2fa_reset')));
    expect(audits).toMatchObject([{ actorId: admin.id }]);
  });

  it('refuses an account without it (409), the admin’s own (403), readers (403) and unknown ids (404)', async () => {
    const member = await buildUser(app);
    const off = await reset(admin.access, member.id);
    expect(off.statusCode).toBe(409);
    expect(errorOf(off).detail).toBe(TWO_FACTOR_MESSAGES.notOn);

    await turnOnTwoFactor(app, admin.access);
    const own = await reset(admin.access, admin.id);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).detail).toBe(TWO_FACTOR_MESSAGES.cannotResetOwn);
    expect((await status(app, admin.access)).json()).toMatchObject({ enabled: true });

    const reader = await tokensFor(app, member);
    expect((await reset(reader.access, admin.id)).statusCode).toBe(403);
    for (const id of ['junk', crypto.randomUUID()]) {
      const res = await reset(admin.access, id);
      expect(res.statusCode, id).toBe(404);
      expect(errorOf(res).detail).toBe(MESSAGES.notFound.user);
    }
  });
});
