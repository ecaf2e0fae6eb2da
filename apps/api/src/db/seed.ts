import { DEFAULT_CATEGORIES, stateDescription, US_STATES } from '@kettle/shared';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { hashPassword } from '../lib/passwords.js';
import { creditCoins } from '../modules/coins/coins.service.js';
import { findUserByEmail } from '../modules/users/users.service.js';
import type { Db } from './client.js';
import { appMeta, categories, states, users } from './schema.js';

const REFERENCE_SEEDED = 'reference_data_seeded_at';

/** The demo accounts the README lists; created only on a fresh embedded install. */
export const DEMO_ACCOUNTS = [
  { username: 'tea_admin', email: 'admin@kettle.local', password: 'KettleAdmin1', isAdmin: true, coins: 1000 },
  { username: 'ava_sips', email: 'ava@kettle.local', password: 'KettleDemo1', isAdmin: false, coins: 200 },
  { username: 'ben_brews', email: 'ben@kettle.local', password: 'KettleDemo1', isAdmin: false, coins: 200 },
] as const;

/** Categories and states once per installation: an admin's later deletions stay deleted. */
export async function seedReferenceData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: REFERENCE_SEEDED, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    await tx
      .insert(categories)
      .values([...DEFAULT_CATEGORIES])
      .onConflictDoNothing();
    await tx
      .insert(states)
      .values(US_STATES.map((s) => ({ ...s, description: stateDescription(s.name) })))
      .onConflictDoNothing();
    return true;
  });
}

/** ADMIN_EMAIL/ADMIN_PASSWORD: how a real deployment gets its first admin. Existing accounts are promoted. */
export async function ensureAdmin(
  db: Db,
  admin: { email: string; password: string },
): Promise<'created' | 'promoted' | 'unchanged'> {
  const existing = await findUserByEmail(db, admin.email);
  if (existing) {
    if (existing.isAdmin && existing.isActive) return 'unchanged';
    await db
      .update(users)
      .set({ isAdmin: true, isActive: true, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    return 'promoted';
  }
  const base =
    admin.email
      .split('@')[0]
      ?.replace(/[^A-Za-z0-9_]/g, '_')
      .slice(0, 14) || 'admin';
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  await db.insert(users).values({
    username: `${base}_${Number(count) + 1}`.slice(0, 20),
    email: admin.email,
    passwordHash: await hashPassword(admin.password),
    isAdmin: true,
    emailVerifiedAt: new Date(),
  });
  return 'created';
}

export async function seedDemoUsers(db: Db, config: Pick<Config, 'signupBonusCoins'>): Promise<number> {
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(db, account.email)) continue;
    const passwordHash = await hashPassword(account.password);
    await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: account.username,
          email: account.email,
          passwordHash,
          isAdmin: account.isAdmin,
          emailVerifiedAt: new Date(),
        })
        .returning({ id: users.id });
      if (!user) return;
      if (config.signupBonusCoins > 0) {
        await creditCoins(tx, {
          userId: user.id,
          amount: config.signupBonusCoins,
          kind: 'signup_bonus',
          reason: 'Welcome bonus',
        });
      }
      await creditCoins(tx, { userId: user.id, amount: account.coins, kind: 'demo_grant', reason: 'Demo coins' });
    });
    created += 1;
  }
  return created;
}
