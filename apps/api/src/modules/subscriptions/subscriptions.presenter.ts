import {
  SUBSCRIPTION_STATUSES,
  type Subscription,
  type SubscriptionGrant,
  type SubscriptionStatus,
} from '@kettle/shared';
import type { subscriptionGrants } from '../../db/schema.js';
import { planByKey } from './plans.js';
import type { SubscriptionRow } from './subscriptions.repository.js';

export type GrantRow = typeof subscriptionGrants.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const statusOf = (status: string): SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(status) ? (status as SubscriptionStatus) : 'incomplete';

/** Every field listed: provider ids (customer, subscription) stay on the server. */
export function toSubscription(row: SubscriptionRow): Subscription {
  const plan = planByKey(row.planId);
  if (!plan) throw new Error(`subscription ${row.id} has unknown plan ${row.planId}`);
  return {
    id: row.id,
    provider: row.provider,
    plan,
    status: statusOf(row.status),
    current_period_start: iso(row.currentPeriodStart),
    current_period_end: iso(row.currentPeriodEnd),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    coupon_code: row.couponCode,
    created_at: row.createdAt.toISOString(),
  };
}

export const toGrant = (row: GrantRow): SubscriptionGrant => ({
  invoice_id: row.providerInvoiceId,
  coins: row.coins,
  amount_cents: row.amountCents,
  currency: row.currency,
  period_start: iso(row.periodStart),
  period_end: iso(row.periodEnd),
  created_at: row.createdAt.toISOString(),
});
