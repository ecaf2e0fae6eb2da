import { APPEAL_MESSAGES } from '@kettle/shared';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import { accountActions, users } from '../../db/schema.js';
import { restoreRemovedComment } from '../comments/removed-comments.js';
import { reinstatePost } from '../posts/admin/posts-admin.service.js';
import type { DecisionFacts } from './appeal-targets.js';
import type { AppealRow } from './appeals.repository.js';

/**
 * A lifted suspension leaves the latest one that was not reversed in force (its end date may have
 * passed, which is the same as none); a lifted ban reopens the account unless another ban stands.
 */
async function liftAction(tx: Tx, appeal: AppealRow): Promise<void> {
  const [action] = await tx
    .update(accountActions)
    .set({ reversedAt: new Date() })
    .where(and(eq(accountActions.id, appeal.targetId), isNull(accountActions.reversedAt)))
    .returning();
  if (!action || action.kind === 'warning') return;
  const standing = and(
    eq(accountActions.userId, action.userId),
    eq(accountActions.kind, action.kind),
    isNull(accountActions.reversedAt),
    // An action an admin lifted no longer stands either (enforcement/lift-action.service.ts).
    isNull(accountActions.liftedAt),
    ne(accountActions.id, action.id),
  );
  const [other] = await tx
    .select({ endsAt: accountActions.endsAt })
    .from(accountActions)
    .where(standing)
    .orderBy(desc(accountActions.createdAt))
    .limit(1);
  const change =
    action.kind === 'ban' ? (other ? null : { isActive: true }) : { suspendedUntil: other?.endsAt ?? null };
  if (change) {
    await tx
      .update(users)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(users.id, action.userId));
  }
}

/**
 * Undoes what the appealed decision did, in the review's transaction, and returns the coins given
 * back: the tea is published again with its photos and its submission fee, a removed thread is
 * put back with the comment fee, an action is lifted.
 */
export async function reverseDecision(tx: Tx, actor: UserRow, appeal: AppealRow): Promise<number> {
  const facts = appeal.decision as DecisionFacts;
  const refund = {
    actorId: actor.id,
    reason: APPEAL_MESSAGES.refundReason(facts.label),
    reference: { type: 'appeal', id: appeal.id },
  };
  if (appeal.targetType === 'post') return (await reinstatePost(tx, actor, appeal.targetId, refund)) ?? 0;
  if (appeal.targetType === 'comment') {
    return restoreRemovedComment(tx, { commentId: appeal.targetId, userId: appeal.userId }, refund);
  }
  await liftAction(tx, appeal);
  return 0;
}
