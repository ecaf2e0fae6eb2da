import {
  ERROR_CODES,
  MESSAGES,
  TWO_FACTOR_MESSAGES,
  type MessageResponse,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@kettle/shared';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/rows.js';
import { badRequest, conflict } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { verifyPassword } from '../../lib/passwords.js';
import { revokeAllForUser } from '../../lib/refresh-tokens.js';
import { deleteRecoveryCodes, recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes.repository.js';
import { assertSecondFactor, codeRefused } from './second-factor.js';
import { openSecret, sealSecret } from './secret-seal.js';
import { newTotpSecret, otpauthUrl, stepOfCode, totpShaped } from './totp.js';
import { storePendingSecret, turnOff, turnOn } from './two-factor.repository.js';
import { lockUserById } from './users.repository.js';
import { twoFactorMissing, twoFactorOn } from './two-factor.policy.js';
import { twoFactorDisabledMail } from './two-factor-mail.js';

const wrongPassword = () =>
  badRequest(MESSAGES.auth.wrongCurrentPassword, ERROR_CODES.badRequest, [
    { field: 'password', message: MESSAGES.auth.wrongCurrentPassword },
  ]);

export async function twoFactorStatus(ctx: AppContext, user: UserRow): Promise<TwoFactorStatus> {
  const enabled = twoFactorOn(user);
  return {
    enabled,
    recovery_codes_left: enabled ? await recoveryCodesLeft(ctx.db, user.id) : 0,
    required: twoFactorMissing(ctx.config, user),
  };
}

/** A new secret each time: setting up again (a lost QR code, a second try) replaces the pending one. */
export async function startSetup(ctx: AppContext, user: UserRow): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  if (!(await storePendingSecret(ctx.db, user.id, sealSecret(ctx.twoFactorKey, user.id, secret)))) {
    throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
  }
  return { secret, otpauth_url: otpauthUrl(secret, user.email) };
}

/** Counted per account with every other check of the current password, so none can be guessed at. */
async function assertPassword(ctx: AppContext, user: UserRow, password: string): Promise<void> {
  await ctx.limits.hit('passwordCheckPerAccount', user.id);
  if (!(await verifyPassword(user.passwordHash, password))) throw wrongPassword();
}

/**
 * On with the password and a code from the pending secret, which proves the app has it: a stolen
 * session alone cannot tie the account to someone else's app and lock its owner out. Every
 * session is signed out, as a password change does: a session opened without the second factor
 * should not outlive it. Wrong codes here are not counted: the pending secret guards nothing yet.
 */
export async function enable(
  ctx: AppContext,
  user: UserRow,
  input: { password: string; code: string },
): Promise<RecoveryCodes> {
  if (twoFactorOn(user)) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
  const sealed = user.twoFactorSecret;
  const secret = sealed ? openSecret(ctx.twoFactorKey, user.id, sealed) : null;
  if (!sealed || !secret) throw conflict(TWO_FACTOR_MESSAGES.notSetUp);
  await assertPassword(ctx, user, input.password);
  const totp = totpShaped(input.code);
  const step = totp ? stepOfCode(secret, totp) : null;
  if (step === null) throw codeRefused(TWO_FACTOR_MESSAGES.codeInvalid);
  const codes = await ctx.db.transaction(async (tx) => {
    // Lost only to a setup or enable that ran in between: this code's secret is no longer pending.
    if (!(await turnOn(tx, user.id, sealed, step))) throw conflict(TWO_FACTOR_MESSAGES.notSetUp);
    const fresh = await replaceRecoveryCodes(tx, ctx.twoFactorKey, user.id);
    await revokeAllForUser(tx, user.id);
    await recordAudit(tx, { actorId: user.id, action: 'user.2fa_enabled', targetType: 'user', targetId: user.id });
    return fresh;
  });
  return { recovery_codes: codes };
}

/** Off with the password and a code: a stolen session alone cannot turn it off. */
export async function disable(
  ctx: AppContext,
  user: UserRow,
  input: { password: string; code: string },
): Promise<MessageResponse> {
  if (!twoFactorOn(user)) throw conflict(TWO_FACTOR_MESSAGES.notOn);
  await assertPassword(ctx, user, input.password);
  await ctx.db.transaction(async (tx) => {
    const locked = await lockUserById(tx, user.id);
    if (!locked || !twoFactorOn(locked)) throw conflict(TWO_FACTOR_MESSAGES.notOn);
    await assertSecondFactor(ctx, tx, locked, input.code);
    await turnOff(tx, user.id);
    await deleteRecoveryCodes(tx, user.id);
    await revokeAllForUser(tx, user.id);
    await recordAudit(tx, { actorId: user.id, action: 'user.2fa_disabled', targetType: 'user', targetId: user.id });
  });
  await ctx.mailer.send(twoFactorDisabledMail(user.email, user.username));
  return { message: TWO_FACTOR_MESSAGES.disabled };
}
