import { ERROR_CODES, MESSAGES, type TokenPair } from '@kettle/shared';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { forbidden, unauthorized } from '../../lib/app-error.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import type { UserRow } from '../users/users.presenter.js';
import { findUserByEmail, findUserById } from '../users/users.repository.js';
import { consumeRefreshToken, createRefreshToken, revokeFamilyOfToken } from './refresh-tokens.js';

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

/**
 * Failed attempts are counted per IP and per account; the budget is checked before the password
 * so a locked-out attacker learns nothing more. Unknown emails cost the same time as wrong passwords.
 */
export async function login(
  ctx: AppContext,
  input: { email: string; password: string; ip: string },
): Promise<TokenPair> {
  await ctx.limits.assertAvailable('loginFailuresPerIp', input.ip);
  await ctx.limits.assertAvailable('loginFailuresPerAccount', input.email);
  const user = await findUserByEmail(ctx.db, input.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!user || !valid) {
    await ctx.limits.hit('loginFailuresPerIp', input.ip);
    await ctx.limits.hit('loginFailuresPerAccount', input.email);
    throw unauthorized(MESSAGES.auth.invalidCredentials, ERROR_CODES.invalidCredentials);
  }
  if (!user.isActive) throw inactiveError();
  await ctx.limits.reset('loginFailuresPerAccount', input.email);
  return issueTokenPair(ctx, ctx.db, user);
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
