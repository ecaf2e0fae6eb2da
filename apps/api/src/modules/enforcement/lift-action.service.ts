import {
  ACCOUNT_DATA_MESSAGES,
  ENFORCEMENT_MESSAGES,
  LIFT_MESSAGES,
  MESSAGES,
  ruleTitle,
  type AccountAction,
} from '@kettle/shared';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import { accountActions, appeals, users } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { isUuid } from '../../lib/ids.js';
import { actionLiftedMail } from '../../lib/mailer/enforcement-templates.js';
import { notify } from '../../lib/notify.js';
import { inForce } from '../../lib/account-standing.js';
import { toAccountAction } from './enforcement.presenter.js';
import { actionsOf, lockAccount, type AccountActionRow } from './enforcement.repository.js';

const userNotFound = () => notFound(MESSAGES.notFound.user);
const notLiftable = () => conflict(LIFT_MESSAGES.notLiftable);

/** A ban in force, or the suspension that still runs: the only actions a lift can undo. */
function assertLiftable(
  action: AccountActionRow,
  now: Date,
): asserts action is AccountActionRow & { kind: 'ban' | 'suspension' } {
  if (action.kind === 'warning' || action.reversedAt || action.liftedAt) throw notLiftable();
  if (action.kind === 'suspension' && !(action.endsAt && action.endsAt > now)) throw notLiftable();
}

/**
 * What the account becomes: a lifted ban reopens it unless another ban stands; a lifted
 * suspension leaves the newest other one still running in force, else none.
 */
async function restoreAccount(tx: Tx, action: AccountActionRow & { kind: 'ban' | 'suspension' }, now: Date) {
  const others = and(
    eq(accountActions.userId, action.userId),
    eq(accountActions.kind, action.kind),
    ne(accountActions.id, action.id),
    inForce,
    action.kind === 'suspension' ? gt(accountActions.endsAt, now) : undefined,
  );
  const [other] = await tx
    .select({ endsAt: accountActions.endsAt })
    .from(accountActions)
    .where(others)
    .orderBy(desc(accountActions.createdAt))
    .limit(1);
  if (action.kind === 'ban' && other) return;
  const change = action.kind === 'ban' ? { isActive: true } : { suspendedUntil: other?.endsAt ?? null };
  await tx
    .update(users)
    .set({ ...change, updatedAt: now })
    .where(eq(users.id, action.userId));
}

/** A pending appeal against the lifted action has nothing left to decide: it closes in the member's favour. */
async function closePendingAppeal(tx: Tx, actor: UserRow, actionId: string, reason: string, now: Date) {
  return tx
    .update(appeals)
    .set({ status: 'upheld', reason: LIFT_MESSAGES.appealClosed(reason), reviewedBy: actor.id, reviewedAt: now })
    .where(and(eq(appeals.targetType, 'action'), eq(appeals.targetId, actionId), eq(appeals.status, 'pending')))
    .returning({ id: appeals.id });
}

/**
 * POST /admin/users/{id}/actions/{actionId}/lift: an admin lifts a ban or a running suspension,
 * with a reason. Recorded on the action, audited, the member told in-app and by mail, and a
 * pending appeal against it closed, in one transaction. Activate never does this (issue 70).
 */
export async function liftAction(
  ctx: AppContext,
  actor: UserRow,
  userId: string,
  actionId: string,
  reason: string,
): Promise<AccountAction> {
  if (!isUuid(userId)) throw userNotFound();
  if (actor.id === userId) throw forbidden(ENFORCEMENT_MESSAGES.cannotActOnSelf);
  const now = new Date();
  const { lifted, user } = await ctx.db.transaction(async (tx) => {
    const user = await lockAccount(tx, userId);
    if (!user) throw userNotFound();
    if (user.deletedAt) throw conflict(ACCOUNT_DATA_MESSAGES.accountDeleted);
    const [action] = isUuid(actionId)
      ? await tx
          .select()
          .from(accountActions)
          .where(and(eq(accountActions.id, actionId), eq(accountActions.userId, userId)))
          .for('update')
      : [];
    if (!action) throw notFound(LIFT_MESSAGES.notLiftable);
    assertLiftable(action, now);
    const [lifted] = await tx
      .update(accountActions)
      .set({ liftedAt: now, liftedBy: actor.id, liftReason: reason })
      .where(eq(accountActions.id, action.id))
      .returning();
    if (!lifted) throw notLiftable();
    await restoreAccount(tx, action, now);
    const closed = await closePendingAppeal(tx, actor, action.id, reason, now);
    await recordAudit(tx, {
      actorId: actor.id,
      action: `user.${action.kind}.lift`,
      targetType: 'user',
      targetId: user.id,
      data: { action_id: action.id, reason, appeals_closed: closed.map((row) => row.id) },
    });
    await notify(tx, {
      userId: user.id,
      kind: 'account_restored',
      title: LIFT_MESSAGES.notice.title,
      body: LIFT_MESSAGES.notice.body(action.kind, ruleTitle(action.rule), reason),
      link: '/account',
    });
    return { lifted: { ...lifted, kind: action.kind }, user };
  });
  await ctx.mailer.send(
    actionLiftedMail(
      user.email,
      user.username,
      { kind: lifted.kind, ruleTitle: ruleTitle(lifted.rule), reason },
      ctx.config.appOrigin,
    ),
  );
  const named = (await actionsOf(ctx.db, userId)).find((row) => row.id === lifted.id);
  return toAccountAction(named ?? { ...lifted, adminName: null, postTitle: null }, true);
}
