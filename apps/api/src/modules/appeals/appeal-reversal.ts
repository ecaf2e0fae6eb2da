import { APPEAL_MESSAGES } from '@kettle/shared';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import { accountActions, coinLedger, users } from '../../db/schema.js';
import { creditCoins, POST_ACTION_COSTS } from '../coins/coins.service.js';
import { restoreRemovedThread } from '../comments/removed-comments.js';
import { reinstatePost } from '../posts/posts-admin.service.js';
import type { DecisionFacts } from './appeal-targets.js';
import type { AppealRow } from './appeals.repository.js';

/** What the user paid to submit the tea: the decision took it down, so it comes back. */
async function submissionFee(tx: Tx, userId: string, postId: string): Promise<number> {
  const [row] = await tx
    .select({ paid: sql<number>`coalesce(-sum(${coinLedger.delta}), 0)::int` })
    .from(coinLedger)
    .where(
      and(
        eq(coinLedger.userId, userId),
        inArray(coinLedger.kind, ['submit_tea', 'submit_reversal']),
        eq(coinLedger.referenceType, 'post'),
        eq(coinLedger.referenceId, postId),
      ),
    );
  return Math.max(0, Number(row?.paid ?? 0));
}

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
 * back: the tea is published again with its photos, a removed thread is put back, an action is
 * lifted. The fee paid for content the decision took down is returned through the ledger.
 */
export async function reverseDecision(tx: Tx, actor: UserRow, appeal: AppealRow): Promise<number> {
  const facts = appeal.decision as DecisionFacts;
  let fee = 0;
  if (appeal.targetType === 'action') await liftAction(tx, appeal);
  if (appeal.targetType === 'post' && (await reinstatePost(tx, actor, appeal.targetId))) {
    fee = await submissionFee(tx, appeal.userId, appeal.targetId);
  }
  if (appeal.targetType === 'comment' && (await restoreRemovedThread(tx, appeal.targetId))) {
    fee = POST_ACTION_COSTS.comment;
  }
  if (fee > 0) {
    await creditCoins(tx, {
      userId: appeal.userId,
      amount: fee,
      kind: 'refund',
      reason: APPEAL_MESSAGES.refundReason(facts.label),
      actorId: actor.id,
      reference: { type: 'appeal', id: appeal.id },
    });
  }
  return fee;
}
