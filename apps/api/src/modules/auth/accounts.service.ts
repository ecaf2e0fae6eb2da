import { eq } from 'drizzle-orm';
import { ERROR_CODES, MESSAGES, type TokenPair } from '@kettle/shared';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { badRequest, conflict } from '../../lib/app-error.js';
import { verifyEmailMail } from '../../lib/mailer/templates.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { creditCoins } from '../coins/coins.service.js';
import type { UserRow } from '../../db/rows.js';
import { findUserByEmail, findUserById, uniqueViolationField, usernameTaken } from '../users/users.service.js';
import { consumeEmailToken, emailTokenOwner, issueEmailToken } from './email-tokens.js';
import { revokeAllForUser } from '../../lib/refresh-tokens.js';
import { issueTokenPair } from './sessions.service.js';

type RegisterData = { username: string; email: string; password: string; website?: string };

const takenErrors = {
  email: () => conflict(MESSAGES.auth.emailTaken, [{ field: 'email', message: MESSAGES.auth.emailTaken }]),
  username: () => conflict(MESSAGES.auth.usernameTaken, [{ field: 'username', message: MESSAGES.auth.usernameTaken }]),
};

const verifyUrl = (ctx: AppContext, token: string) => `${ctx.config.appOrigin}/auth/verify-email/${token}`;

export async function register(ctx: AppContext, input: RegisterData, ip: string): Promise<void> {
  await ctx.limits.hit('registerPerIp', ip);
  // The honeypot: a person never sees the field, so whoever filled it is a bot. It gets the same answer.
  if (input.website) return;
  if (await findUserByEmail(ctx.db, input.email)) throw takenErrors.email();
  if (await usernameTaken(ctx.db, input.username)) throw takenErrors.username();
  const passwordHash = await hashPassword(input.password);
  let created: { user: UserRow; token: string };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ username: input.username, email: input.email, passwordHash })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      if (ctx.config.signupBonusCoins > 0) {
        await creditCoins(tx, {
          userId: user.id,
          amount: ctx.config.signupBonusCoins,
          kind: 'signup_bonus',
          reason: 'Welcome bonus',
        });
      }
      return { user, token: await issueEmailToken(tx, user.id, 'verify_email') };
    });
  } catch (error) {
    // Two sign-ups racing for one email or username: the database decides, the loser gets 409.
    const field = uniqueViolationField(error);
    if (field) throw takenErrors[field]();
    throw error;
  }
  await ctx.mailer.send(verifyEmailMail(created.user.email, created.user.username, verifyUrl(ctx, created.token)));
}

/**
 * 'verified' when this link verified the address; 'already' when the link was issued to an account
 * that is verified by now (the same link opened again, or an older one): saying "invalid" there
 * would send the user hunting for a new link they do not need (issue 11).
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<'verified' | 'already'> {
  return ctx.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'verify_email');
    if (userId) {
      await tx.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
      return 'verified';
    }
    const ownerId = await emailTokenOwner(tx, token, 'verify_email');
    const owner = ownerId ? await findUserById(tx, ownerId) : undefined;
    if (owner?.emailVerifiedAt) return 'already';
    throw badRequest(MESSAGES.auth.invalidVerifyToken, ERROR_CODES.invalidToken);
  });
}

/** A reset ends every session of the account: whoever else held one loses it. */
export async function resetPassword(ctx: AppContext, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'reset_password');
    if (!userId) throw badRequest(MESSAGES.auth.invalidResetToken, ERROR_CODES.invalidToken);
    const now = new Date();
    // Following the mailed link proves the address, so an unverified account becomes verified.
    const [user] = await tx.select({ verified: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: now, emailVerifiedAt: user?.verified ?? now })
      .where(eq(users.id, userId));
    await revokeAllForUser(tx, userId);
  });
}

export async function updatePassword(
  ctx: AppContext,
  user: UserRow,
  input: { current_password: string; new_password: string },
): Promise<TokenPair> {
  await ctx.limits.hit('passwordCheckPerAccount', user.id);
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw badRequest(MESSAGES.auth.wrongCurrentPassword, ERROR_CODES.badRequest, [
      { field: 'current_password', message: MESSAGES.auth.wrongCurrentPassword },
    ]);
  }
  const passwordHash = await hashPassword(input.new_password);
  return ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeAllForUser(tx, user.id);
    const fresh = (await findUserById(tx, user.id)) ?? user;
    return issueTokenPair(ctx, tx, fresh);
  });
}

export async function checkPassword(ctx: AppContext, user: UserRow, password: string): Promise<boolean> {
  await ctx.limits.hit('passwordCheckPerAccount', user.id);
  return verifyPassword(user.passwordHash, password);
}
