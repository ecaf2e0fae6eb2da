import { ACCOUNT_DATA_MESSAGES, MESSAGES, TWO_FACTOR_MESSAGES, type AdminUser } from '@kettle/shared';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/rows.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { isUuid } from '../../lib/ids.js';
import { revokeAllForUser } from '../../lib/refresh-tokens.js';
import { deleteRecoveryCodes } from './recovery-codes.repository.js';
import { twoFactorDisabledMail } from './two-factor-mail.js';
import { twoFactorOn } from './two-factor.policy.js';
import { turnOff } from './two-factor.repository.js';
import { lockUserById } from './users.repository.js';
import { adminUserOf } from './admin-standing.js';

const userNotFound = () => notFound(MESSAGES.notFound.user);

/**
 * DELETE /admin/users/{id}/two-factor: a member who lost both their device and their recovery
 * codes is otherwise locked out for good. The admin's own is refused (in production that would
 * undo the rule that admins have it); the member is signed out everywhere, told by mail, and the
 * reset is audited.
 */
export async function resetTwoFactor(ctx: AppContext, actor: UserRow, userId: string): Promise<AdminUser> {
  if (!isUuid(userId)) throw userNotFound();
  if (actor.id === userId) throw forbidden(TWO_FACTOR_MESSAGES.cannotResetOwn);
  const user = await ctx.db.transaction(async (tx) => {
    const locked = await lockUserById(tx, userId);
    if (!locked) throw userNotFound();
    if (locked.deletedAt) throw conflict(ACCOUNT_DATA_MESSAGES.accountDeleted);
    if (!twoFactorOn(locked)) throw conflict(TWO_FACTOR_MESSAGES.notOn);
    await turnOff(tx, userId);
    await deleteRecoveryCodes(tx, userId);
    await revokeAllForUser(tx, userId);
    await recordAudit(tx, { actorId: actor.id, action: 'user.2fa_reset', targetType: 'user', targetId: userId });
    return { ...locked, twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null };
  });
  await ctx.mailer.send(twoFactorDisabledMail(user.email, user.username, true));
  return adminUserOf(ctx.db, user);
}
