import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { login, type TokenPairBody } from '../../test/http.js';
import { verifyPassword } from '../lib/passwords.js';
import { ledgerSum } from '../modules/coins/coins.service.js';
import { coinLedger, users } from './schema.js';
import { DEMO_ACCOUNTS, ensureAdmin, seedDemoUsers } from './seed.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.teardown();
});

const byEmail = async (email: string) => (await app.ctx.db.select().from(users).where(eq(users.email, email)))[0];

describe('ensureAdmin', () => {
  it('creates a verified, active admin with an argon2id hash of the given password', async () => {
    const email = 'first.admin@example.test';
    expect(await ensureAdmin(app.ctx.db, { email, password: 'Admin-Pass-123' })).toBe('created');
    const row = await byEmail(email);
    expect(row).toMatchObject({ isAdmin: true, isActive: true });
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(row?.username).toMatch(/^first_admin_\d+$/);
    expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(row?.passwordHash ?? '', 'Admin-Pass-123')).toBe(true);
    expect(await ensureAdmin(app.ctx.db, { email, password: 'Admin-Pass-123' })).toBe('unchanged');
  });

  it('promotes (and reactivates) an existing user without touching the password', async () => {
    const user = await buildUser(app, { isActive: false });
    expect(await ensureAdmin(app.ctx.db, { email: user.email, password: 'Ignored-Pass-1' })).toBe('promoted');
    const row = await byEmail(user.email);
    expect(row).toMatchObject({
      isAdmin: true,
      isActive: true,
      passwordHash: user.passwordHash,
      username: user.username,
    });
  });

  it('runs at start-up from ADMIN_EMAIL / ADMIN_PASSWORD: that admin can sign in', async () => {
    const other = await createTestApp({
      env: { ADMIN_EMAIL: 'Boot.Admin@Example.Test', ADMIN_PASSWORD: 'Boot-Admin-99' },
    });
    try {
      const res = await login(other, 'boot.admin@example.test', 'Boot-Admin-99');
      expect(res.statusCode).toBe(200);
      expect(res.json<TokenPairBody>().is_admin).toBe(true);
    } finally {
      await other.teardown();
    }
  });
});

describe('seedDemoUsers', () => {
  it('creates the three demo accounts with ledger rows that sum to their balances, once', async () => {
    expect(await seedDemoUsers(app.ctx.db, { signupBonusCoins: 50 })).toBe(DEMO_ACCOUNTS.length);
    const emails = DEMO_ACCOUNTS.map((a) => a.email);
    const rows = await app.ctx.db.select().from(users).where(inArray(users.email, emails));
    expect(rows).toHaveLength(3);
    for (const account of DEMO_ACCOUNTS) {
      const row = rows.find((r) => r.email === account.email);
      expect(row).toMatchObject({
        username: account.username,
        isAdmin: account.isAdmin,
        isActive: true,
        coinBalance: account.coins + 50,
      });
      expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
      expect(await ledgerSum(app.ctx.db, row?.id ?? '')).toBe(row?.coinBalance);
      const kinds = (
        await app.ctx.db
          .select()
          .from(coinLedger)
          .where(eq(coinLedger.userId, row?.id ?? ''))
      ).map((l) => [l.kind, l.delta]);
      expect(kinds.sort()).toEqual(
        [
          ['demo_grant', account.coins],
          ['signup_bonus', 50],
        ].sort(),
      );
    }

    expect(await seedDemoUsers(app.ctx.db, { signupBonusCoins: 50 })).toBe(0);
    const again = await app.ctx.db.select().from(users).where(inArray(users.email, emails));
    expect(again).toHaveLength(3);
    const ledgerRows = await app.ctx.db
      .select()
      .from(coinLedger)
      .where(
        inArray(
          coinLedger.userId,
          again.map((r) => r.id),
        ),
      );
    expect(ledgerRows).toHaveLength(6);
  });

  it('demo accounts sign in with the documented passwords', async () => {
    const [admin, member] = DEMO_ACCOUNTS;
    const adminRes = await login(app, admin.email, admin.password);
    expect(adminRes.statusCode).toBe(200);
    expect(adminRes.json<TokenPairBody>().is_admin).toBe(true);
    const memberRes = await login(app, member.email, member.password);
    expect(memberRes.json<TokenPairBody>().is_admin).toBe(false);
  });
});
