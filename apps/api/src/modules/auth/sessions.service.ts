import { eq } from 'drizzle-orm';
import { ERROR_CODES, MESSAGES, TWO_FACTOR_MESSAGES, type SignInResult, type TokenPair } from '@kettle/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { badRequest, forbidden, unauthorized } from '../../lib/app-error.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import type { UserRow } from '../../db/rows.js';
import { findUserByEmail, findUserById } from '../users/users.service.js';
import { consumeEmailToken } from './email-tokens.js';
import { consumeRefreshToken, createRefreshToken, revokeFamilyOfToken } from '../../lib/refresh-tokens.js';
import { challengeOwner, signChallenge } from '../users/two-factor-challenge.js';
import { assertSecondFactor } from '../users/second-factor.js';
import { twoFactorOn } from '../users/two-factor.policy.js';
import { refusalOf } from '../../lib/account-standing.js';

export const inactiveError = () => forbidden(MESSAGES.auth.inactive, ERROR_CODES.accountInactive);
const challengeExpired = () => unauthorized(TWO_FACTOR_MESSAGES.challengeExpired, ERROR_CODES.twoFactorInvalid);
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

/**
 * The end of a first factor (password or mailed link): tokens, or, when the account has
 * two-factor sign-in on, a 5-minute challenge for POST /auth/2fa/verify and no tokens yet.
 */
async function signedIn(ctx: AppContext, db: DbOrTx, user: UserRow): Promise<SignInResult> {
  if (!twoFactorOn(user)) return issueTokenPair(ctx, db, user);
  return { two_factor_required: true, challenge_token: await signChallenge(ctx.secret, user.id) };
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
): Promise<SignInResult> {
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
  if (!user.isActive) throw await refusalOf(ctx.db, user);
  await ctx.limits.reset('loginFailuresPerAccountIp', pair);
  return signedIn(ctx, ctx.db, user);
}

/** A mailed sign-in link, spent once; it also proves the address, like a reset link. */
export async function signInWithLink(ctx: AppContext, token: string): Promise<SignInResult> {
  return ctx.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'sign_in');
    if (!userId) throw badRequest(MESSAGES.auth.invalidSignInLink, ERROR_CODES.invalidToken);
    const user = await findUserById(tx, userId);
    if (!user) throw badRequest(MESSAGES.auth.invalidSignInLink, ERROR_CODES.invalidToken);
    // Thrown inside the transaction: the link stays unspent for when the account is restored.
    if (!user.isActive) throw await refusalOf(tx, user);
    if (!user.emailVerifiedAt) {
      await tx.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, user.id));
    }
    return signedIn(ctx, tx, user);
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
  if (!user.isActive) throw await refusalOf(ctx.db, user);
  return issueTokenPair(ctx, ctx.db, user, rotation.familyId);
}

export async function logout(ctx: AppContext, refreshToken: string | undefined): Promise<void> {
  if (refreshToken) await revokeFamilyOfToken(ctx.db, refreshToken);
}

/** The second step of sign-in: the challenge says who passed the first, the code proves the second. */
export async function verifySignIn(
  ctx: AppContext,
  input: { challenge_token: string; code: string },
): Promise<TokenPair> {
  const userId = await challengeOwner(ctx.secret, input.challenge_token);
  const user = userId ? await findUserById(ctx.db, userId) : undefined;
  // Turned off since the challenge was issued: the person signs in again and gets tokens directly.
  if (!user || !twoFactorOn(user)) throw challengeExpired();
  if (!user.isActive) throw await refusalOf(ctx.db, user);
  return ctx.db.transaction(async (tx) => {
    await assertSecondFactor(ctx, tx, user, input.code);
    return issueTokenPair(ctx, tx, user);
  });
}
