import { createHmac, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@kettle/shared';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { twoFactorRecoveryCodes } from '../../db/schema.js';

// Crockford's base32: no I, L, O or U, so a code read off paper cannot be mistyped into another.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 10;
const LOOK_ALIKES: Record<string, string> = { O: '0', I: '1', L: '1' };

/** Ten random characters (50 bits), shown as XXXXX-XXXXX. */
function newCode(): string {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, LENGTH / 2)}-${chars.slice(LENGTH / 2)}`;
}

/** The code as typed (any case, dash or spaces, O for 0), or null when it cannot be one. */
export function normalizeRecoveryCode(typed: string): string | null {
  const code = typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[OIL]/g, (c) => LOOK_ALIKES[c] ?? c);
  return code.length === LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/**
 * Keyed with the two-factor key (an HMAC, not a bare SHA-256): 50 bits are few enough that a
 * leaked table could be searched offline, the key keeps that out of reach. The user id is mixed
 * in, so one code's hash says nothing about another account's.
 */
const hashCode = (serverSecret: string, userId: string, code: string): string =>
  createHmac('sha256', serverSecret).update(`kettle recovery code:${userId}:${code}`).digest('hex');

/** A fresh set replaces any earlier one; the plain codes leave the server once, in the answer. */
export async function replaceRecoveryCodes(tx: DbOrTx, serverSecret: string, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.insert(twoFactorRecoveryCodes).values(
    codes.map((code) => ({
      userId,
      codeHash: hashCode(serverSecret, userId, normalizeRecoveryCode(code) ?? code),
    })),
  );
  return codes;
}

/** Marks the code used in one conditional update: of two requests with one code, one wins. */
export async function consumeRecoveryCode(
  db: DbOrTx,
  serverSecret: string,
  userId: string,
  code: string,
): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, hashCode(serverSecret, userId, code)),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function deleteRecoveryCodes(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}
