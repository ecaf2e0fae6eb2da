import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { TOKEN_TTL } from '@kettle/shared';
import type { DbOrTx } from '../../db/client.js';
import { emailTokens } from '../../db/schema.js';
import { hashToken, randomToken } from '../../lib/tokens.js';

export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'sign_in';

const TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: TOKEN_TTL.verifyEmailHours * 3_600_000,
  reset_password: TOKEN_TTL.resetPasswordHours * 3_600_000,
  sign_in: TOKEN_TTL.signInLinkMinutes * 60_000,
};

/**
 * Issues a fresh single-use token; earlier unused ones of the same purpose stop working, except
 * sign-in links: anyone may ask for one for any address, so a new request must not void the
 * owner's link (the per-address limit and the 15 minutes bound how many live at once).
 */
export async function issueEmailToken(db: DbOrTx, userId: string, purpose: EmailTokenPurpose): Promise<string> {
  if (purpose !== 'sign_in') await voidUnusedTokens(db, userId, purpose);
  const token = randomToken();
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + TTL_MS[purpose]),
  });
  return token;
}

/** Every unused token of the user for that purpose stops working. */
export async function voidUnusedTokens(db: DbOrTx, userId: string, purpose: EmailTokenPurpose): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** Spends a token in one conditional update; answers its user, or null when unknown, used or expired. */
export async function consumeEmailToken(db: DbOrTx, token: string, purpose: EmailTokenPurpose): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/**
 * Whose token this was, spent, voided or expired alike: null only when it was never issued for
 * `purpose`. Lets a verification link opened again say "already verified" instead of "invalid".
 */
export async function emailTokenOwner(db: DbOrTx, token: string, purpose: EmailTokenPurpose): Promise<string | null> {
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)));
  return row?.userId ?? null;
}
