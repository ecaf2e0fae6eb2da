import type { SubscriptionPlan } from '@kettle/shared';
import type { Tx } from '../../db/client.js';
import { subscriptionGrants } from '../../db/schema.js';
import { creditCoins, settleCoinDebt } from '../coins/coins.service.js';
import type { SubscriptionRow } from './subscriptions.repository.js';

export type PeriodGrant = {
  subscription: SubscriptionRow;
  plan: SubscriptionPlan;
  /** The provider's invoice for the period: the key that makes each paid period credit once. */
  invoiceId: string;
  amountCents: number;
  currency: string;
  periodStart: Date | null;
  periodEnd: Date | null;
};

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/**
 * Credits one paid period's coins, exactly once: the grant row's key (subscription, invoice)
 * decides, and the credit happens only in the transaction that inserted it. Both providers
 * (Stripe's `invoice.paid`, the dev provider's pay and renew) come through here.
 */
export async function grantPeriod(tx: Tx, grant: PeriodGrant): Promise<boolean> {
  const coins = grant.plan.coins_per_period;
  const [inserted] = await tx
    .insert(subscriptionGrants)
    .values({
      subscriptionId: grant.subscription.id,
      providerInvoiceId: grant.invoiceId,
      coins,
      amountCents: grant.amountCents,
      currency: grant.currency,
      periodStart: grant.periodStart,
      periodEnd: grant.periodEnd,
    })
    .onConflictDoNothing()
    .returning({ invoiceId: subscriptionGrants.providerInvoiceId });
  if (!inserted) return false;
  const from = day(grant.periodStart);
  await creditCoins(tx, {
    userId: grant.subscription.userId,
    amount: coins,
    kind: 'subscription_grant',
    reason: from ? `${grant.plan.name} subscription, month from ${from}` : `${grant.plan.name} subscription`,
    reference: { type: 'subscription_invoice', id: grant.invoiceId },
  });
  // A paid month settles coins owed from a refund or dispute first, as a purchase does.
  await settleCoinDebt(tx, {
    userId: grant.subscription.userId,
    reason: 'Settled coins owed from a refunded or disputed payment',
  });
  return true;
}
