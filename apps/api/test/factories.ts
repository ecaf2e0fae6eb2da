import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { creditCoins } from '../src/modules/coins/coins.service.js';
import { createRefreshToken } from '../src/lib/refresh-tokens.js';
import type { UserRow } from '../src/db/rows.js';

export const DEFAULT_PASSWORD = 'Sunny-Kettle7';
const hashes = new Map<string, Promise<string>>();
/** argon2 is slow on purpose; each distinct password is hashed once per test file. */
const cachedHash = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

export type UserOverrides = {
  username?: string;
  email?: string;
  password?: string;
  isAdmin?: boolean;
  isActive?: boolean;
  verified?: boolean;
  coins?: number;
};

export async function buildUser(
  app: FastifyInstance,
  overrides: UserOverrides = {},
): Promise<UserRow & { password: string }> {
  const suffix = randomBytes(4).toString('hex');
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const { db } = app.ctx;
  const [row] = await db
    .insert(users)
    .values({
      username: overrides.username ?? `user_${suffix}`,
      email: overrides.email ?? `user-${suffix}@example.test`,
      passwordHash: await cachedHash(password),
      isAdmin: overrides.isAdmin ?? false,
      isActive: overrides.isActive ?? true,
      emailVerifiedAt: overrides.verified === false ? null : new Date(),
    })
    .returning();
  if (!row) throw new Error('buildUser: insert failed');
  if (overrides.coins) await creditCoins(db, { userId: row.id, amount: overrides.coins, kind: 'demo_grant' });
  const [fresh] = await db.select().from(users).where(eq(users.id, row.id));
  return { ...(fresh ?? row), password };
}

/** Tokens minted the way login mints them, without paying for argon2 in every test. */
export async function tokensFor(
  app: FastifyInstance,
  user: UserRow,
): Promise<{ access: string; refresh: string; auth: { authorization: string } }> {
  const access = await app.ctx.tokens.signAccess({ sub: user.id, admin: user.isAdmin });
  const refresh = await createRefreshToken(app.ctx.db, user.id);
  return { access, refresh, auth: { authorization: `Bearer ${access}` } };
}

/** Inject needs distinct client addresses so per-IP limits in one test don't leak into the next. */
let ipCounter = 1;
export const nextIp = (): string => {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
