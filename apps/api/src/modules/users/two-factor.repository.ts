import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';

// The two-factor columns of users. Every change is one conditional update, so the condition a
// request checked is still true when it writes, whatever ran in between.

const stepIsNew = (step: number) => or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step));

/** Setup: a new pending secret replaces the last one, unless two-factor sign-in is already on. */
export async function storePendingSecret(db: DbOrTx, userId: string, sealed: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorSecret: sealed, twoFactorLastStep: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.twoFactorEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Enable: only the secret the code was checked against, and only once. */
export async function turnOn(db: DbOrTx, userId: string, sealed: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorEnabledAt: new Date(), twoFactorLastStep: step, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.twoFactorEnabledAt), eq(users.twoFactorSecret, sealed)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Accepts a TOTP time step once: a step at or before the last accepted one is refused, so a code
 * seen over a shoulder cannot be used again, and two requests with one code cannot both pass.
 */
export async function claimStep(db: DbOrTx, userId: string, sealed: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.twoFactorEnabledAt),
        eq(users.twoFactorSecret, sealed),
        stepIsNew(step),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Disable (and account deletion): the secret and its state go. */
export async function turnOff(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
