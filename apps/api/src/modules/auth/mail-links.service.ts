import type { AppContext } from '../../context.js';
import { resetPasswordMail, signInLinkMail, verifyEmailMail } from '../../lib/mailer/templates.js';
import { findUserByEmail } from '../users/users.service.js';
import { issueEmailToken } from './email-tokens.js';

/**
 * "Mail me a link" requests. The route only validates and applies the limits; the lookup, the
 * token and the mail run in `ctx.jobs` after the 202, so the answer takes the same time whether
 * or not the address has an account (no enumeration by timing, nor by the body).
 */
const linkUrl = (ctx: AppContext, path: string, token: string) => `${ctx.config.appOrigin}${path}${token}`;

export async function requestVerificationMail(ctx: AppContext, email: string, ip: string): Promise<void> {
  await ctx.limits.hit('resendPerIp', ip);
  await ctx.limits.hit('resendPerAccount', email);
  ctx.jobs.enqueue('verification mail', async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user || !user.isActive || user.emailVerifiedAt) return;
    const token = await issueEmailToken(ctx.db, user.id, 'verify_email');
    await ctx.mailer.send(verifyEmailMail(user.email, user.username, linkUrl(ctx, '/auth/verify-email/', token)));
  });
}

export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  await ctx.limits.hit('forgotPerIp', ip);
  await ctx.limits.hit('forgotPerAccount', email);
  ctx.jobs.enqueue('reset mail', async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user || !user.isActive) return;
    const token = await issueEmailToken(ctx.db, user.id, 'reset_password');
    await ctx.mailer.send(resetPasswordMail(user.email, user.username, linkUrl(ctx, '/reset-password/', token)));
  });
}

export async function requestSignInLink(ctx: AppContext, email: string, ip: string): Promise<void> {
  await ctx.limits.hit('signInLinkPerIp', ip);
  await ctx.limits.hit('signInLinkPerAccount', email);
  ctx.jobs.enqueue('sign-in link mail', async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user || !user.isActive) return;
    const token = await issueEmailToken(ctx.db, user.id, 'sign_in');
    await ctx.mailer.send(signInLinkMail(user.email, user.username, linkUrl(ctx, '/auth/sign-in-link/', token)));
  });
}
