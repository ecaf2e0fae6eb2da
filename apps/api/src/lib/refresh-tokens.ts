// The session store (refresh-token families): auth signs in, rotates and signs out with it, and
// deactivating an account (users) revokes every session, so neither module owns it.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { TOKEN_TTL } from '@kettle/shared';
import type { DbOrTx } from '../db/client.js';
import { refreshTokens } from '../db/schema.js';
import { hashToken, randomToken } from './tokens.js';

const DAY_MS = 86_400_000;

/** Stores a new refresh token (hashed) in `familyId`, or starts a new family (a new sign-in). */
export async function createRefreshToken(db: DbOrTx, userId: string, familyId: string = randomUUID()): Promise<string> {
  const token = randomToken();
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TOKEN_TTL.refreshDays * DAY_MS),
  });
  return token;
}

export type Rotation = { ok: true; userId: string; familyId: string } | { ok: false };

/**
 * Marks the token used in one conditional update, so of two concurrent refreshes only one wins.
 * Presenting an already used or revoked token means it was stolen or replayed: the whole family dies.
 */
export async function consumeRefreshToken(db: DbOrTx, token: string): Promise<Rotation> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
  if (row) return { ok: true, ...row };
  const [known] = await db
    .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  if (known?.usedAt) await revokeFamily(db, known.familyId);
  return { ok: false };
}

export async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeFamilyOfToken(db: DbOrTx, token: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (row) await revokeFamily(db, row.familyId);
}

export async function revokeAllForUser(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
