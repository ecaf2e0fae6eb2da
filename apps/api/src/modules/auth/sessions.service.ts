import { eq } from 'drizzle-orm';
import { ERROR_CODES, MESSAGES, type TokenPair } from '@kettle/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { badRequest, forbidden, unauthorized } from '../../lib/app-error.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import type { UserRow } from '../../db/rows.js';
import { findUserByEmail, findUserById } from '../users/users.service.js';
import { consumeEmailToken } from './email-tokens.js';
import { consumeRefreshToken, createRefreshToken, revokeFamilyOfToken } from '../../lib/refresh-tokens.js';

export const inactiveError = () => forbidden(MESSAGES.auth.inactive, ERROR_CODES.accountInactive);
const sessionExpired = () => unauthorized(MESSAGES.auth.invalidRefresh, ERROR_CODES.invalidToken);

export async function issueTokenPair(
  ctx: AppContext,
  db: DbOrTx,
  user: UserRow,
  familyId?: string,
): Promise<TokenPair> {
  const [accessToken, refreshToken] = await Promise.all([
    ctx.tokens.signAccess({ sub: user.id, admin: user.isAdmin }),
    createRefreshToken(db, user.id, familyId),
  ]);
  return { access_token: accessToken, refresh_token: refreshToken, token_type: 'bearer', is_admin: user.isAdmin };
}

const linkRequired = () => forbidden(MESSAGES.auth.signInLinkRequired, ERROR_CODES.signInLinkRequired);

/**
 * Failures are counted per address, per (account, address) and per account. The first two answer
 * 429 for a minute; the account-wide count never locks the owner out: past its hourly ceiling the
 * password path closes and a mailed sign-in link is the way in. Every budget is checked before the
 * password, so a throttled guesser learns nothing, and unknown emails are counted and timed alike.
 */
export async function login(
  ctx: AppContext,
  input: { email: string; password: string; ip: string },
): Promise<TokenPair> {
  const pair = `${input.email}|${input.ip}`;
  await ctx.limits.assertAvailable('loginFailuresPerIp', input.ip);
  await ctx.limits.assertAvailable('loginFailuresPerAccountIp', pair);
  if (await ctx.limits.isSpent('loginFailuresPerAccount', input.email)) throw linkRequired();
  const user = await findUserByEmail(ctx.db, input.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!user || !valid) {
    await ctx.limits.hit('loginFailuresPerIp', input.ip);
    await ctx.limits.hit('loginFailuresPerAccountIp', pair);
    await ctx.limits.count('loginFailuresPerAccount', input.email);
    throw unauthorized(MESSAGES.auth.invalidCredentials, ERROR_CODES.invalidCredentials);
  }
  if (!user.isActive) throw inactiveError();
  await ctx.limits.reset('loginFailuresPerAccountIp', pair);
  return issueTokenPair(ctx, ctx.db, user);
}

/** A mailed sign-in link, spent once; it also proves the address, like a reset link. */
export async function signInWithLink(ctx: AppContext, token: string): Promise<TokenPair> {
  return ctx.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'sign_in');
    if (!userId) throw badRequest(MESSAGES.auth.invalidSignInLink, ERROR_CODES.invalidToken);
    const user = await findUserById(tx, userId);
    if (!user) throw badRequest(MESSAGES.auth.invalidSignInLink, ERROR_CODES.invalidToken);
    // Thrown inside the transaction: the link stays unspent for when the account is restored.
    if (!user.isActive) throw inactiveError();
    if (!user.emailVerifiedAt) {
      await tx.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
    }
    return issueTokenPair(ctx, tx, user);
  });
}

/**
 * Not one transaction on purpose: when a replayed token revokes its family, that revocation
 * must commit even though the request fails.
 */
export async function refreshSession(ctx: AppContext, refreshToken: string): Promise<TokenPair> {
  const rotation = await consumeRefreshToken(ctx.db, refreshToken);
  if (!rotation.ok) throw sessionExpired();
  const user = await findUserById(ctx.db, rotation.userId);
  if (!user) throw sessionExpired();
  if (!user.isActive) throw inactiveError();
  return issueTokenPair(ctx, ctx.db, user, rotation.familyId);
}

export async function logout(ctx: AppContext, refreshToken: string | undefined): Promise<void> {
  if (refreshToken) await revokeFamilyOfToken(ctx.db, refreshToken);
}
