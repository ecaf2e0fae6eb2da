import type { AppealTarget, LedgerKind } from '@kettle/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { appeals, coinLedger } from '../../db/schema.js';
import { creditCoins } from './coins.service.js';

/** Why and for what coins come back when an upheld appeal undoes a decision. */
export type AppealRefund = { actorId: string; reason: string; reference: { type: string; id: string } };

/**
 * What the fee cost: its ledger rows (of these kinds, naming this reference), or a fixed price
 * when its ledger row names something else (a comment's charge names the tea it was written on).
 */
export type FeePaid = { kinds: LedgerKind[]; reference: { type: string; id: string } } | { price: number };

/**
 * An upheld appeal returns the fee the decision cost its payer, once per target however many
 * decide-and-appeal cycles it goes through: what earlier upheld appeals of the same target
 * returned is subtracted, so the cycles cannot mint coins. The caller must hold the target's row
 * lock, which orders every appeal of it, before this reads the ledger. Returns the coins returned.
 */
export async function returnFeeOnce(
  tx: Tx,
  input: { userId: string; paid: FeePaid; target: { type: AppealTarget; id: string }; refund: AppealRefund },
): Promise<number> {
  const { paid, target } = input;
  // Plain SQL, since and() is typed as possibly empty and these go into FILTER clauses.
  const fee =
    'kinds' in paid
      ? sql`(${coinLedger.kind} in ${paid.kinds} and ${coinLedger.referenceType} = ${paid.reference.type}
          and ${coinLedger.referenceId} = ${paid.reference.id})`
      : sql`false`;
  const appealsOfTarget = tx
    .select({ id: sql<string>`${appeals.id}::text` })
    .from(appeals)
    .where(and(eq(appeals.targetType, target.type), eq(appeals.targetId, target.id)));
  const earlierRefund = sql`(${coinLedger.kind} = 'refund' and ${coinLedger.referenceType} = 'appeal'
    and ${coinLedger.referenceId} in ${appealsOfTarget})`;
  // A fee is negative in the ledger and its refunds positive.
  const [row] = await tx
    .select({
      charged: sql<number>`coalesce(-sum(${coinLedger.delta}) filter (where ${fee}), 0)::int`,
      returned: sql<number>`coalesce(sum(${coinLedger.delta}) filter (where ${earlierRefund}), 0)::int`,
    })
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, input.userId), sql`(${fee} or ${earlierRefund})`));
  const charged = 'price' in paid ? paid.price : Number(row?.charged ?? 0);
  const owed = Math.max(0, charged - Number(row?.returned ?? 0));
  if (owed > 0) await creditCoins(tx, { userId: input.userId, amount: owed, kind: 'refund', ...input.refund });
  return owed;
}
