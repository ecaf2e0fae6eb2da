import { ERROR_CODES, TWO_FACTOR_MESSAGES } from '@kettle/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import { badRequest, type AppError } from '../../lib/app-error.js';
import { consumeRecoveryCode, normalizeRecoveryCode } from './recovery-codes.repository.js';
import { openSecret } from './secret-seal.js';
import { claimStep } from './two-factor.repository.js';
import { stepOfCode, totpShaped } from './totp.js';

type Outcome = 'ok' | 'invalid' | 'used';
export type SecondFactorAccount = Pick<UserRow, 'id' | 'twoFactorSecret'>;

/** A refused code, at the field that holds it: the forms show it under the code input. */
export const codeRefused = (detail: string, code: string = ERROR_CODES.twoFactorInvalid): AppError =>
  badRequest(detail, code, [{ field: 'code', message: detail }]);

/**
 * A right code whose time step is at or before the last one accepted: said apart from a wrong code,
 * since the person typed what the app showed and only has to wait for the next one.
 */
const codeReplayed = (): AppError => codeRefused(TWO_FACTOR_MESSAGES.codeUsed, ERROR_CODES.twoFactorCodeUsed);

async function tryTotp(ctx: AppContext, db: DbOrTx, account: SecondFactorAccount, code: string): Promise<Outcome> {
  const sealed = account.twoFactorSecret;
  const secret = sealed ? openSecret(ctx.twoFactorKey, account.id, sealed) : null;
  const step = secret && sealed ? stepOfCode(secret, code) : null;
  if (step === null || !sealed) return 'invalid';
  return (await claimStep(db, account.id, sealed, step)) ? 'ok' : 'used';
}

async function tryRecoveryCode(
  ctx: AppContext,
  db: DbOrTx,
  account: SecondFactorAccount,
  typed: string,
): Promise<Outcome> {
  const code = normalizeRecoveryCode(typed);
  if (!code) return 'invalid';
  return (await consumeRecoveryCode(db, ctx.twoFactorKey, account.id, code)) ? 'ok' : 'invalid';
}

/**
 * The second factor of an account that has it on: a TOTP code (each time step once) or an unused
 * recovery code (once). Refusals are counted per account, whichever route they came through, and
 * once five are spent in 15 minutes every attempt is 429 until the window passes, right or wrong,
 * so guessing stays slower than the codes change. Run it in the transaction of what it guards, so
 * a later refusal there gives the code back.
 */
export async function assertSecondFactor(
  ctx: AppContext,
  db: DbOrTx,
  account: SecondFactorAccount,
  typed: string,
): Promise<void> {
  await ctx.limits.assertAvailable('twoFactorFailuresPerUser', account.id, TWO_FACTOR_MESSAGES.tooManyAttempts);
  const totp = totpShaped(typed);
  const outcome = totp ? await tryTotp(ctx, db, account, totp) : await tryRecoveryCode(ctx, db, account, typed);
  if (outcome === 'ok') return;
  await ctx.limits.count('twoFactorFailuresPerUser', account.id);
  throw outcome === 'used' ? codeReplayed() : codeRefused(TWO_FACTOR_MESSAGES.codeInvalid);
}
