import { planPriceCents, type InvoicePreview, type SubscriptionPlan } from '@kettle/shared';
import type { SubscriptionRow } from './subscriptions.repository.js';

/**
 * A new subscription's first invoice: the plan's price, charged at checkout. The same for both
 * providers (there is no Stripe subscription to ask yet, and none is made just to preview).
 */
export function newSubscriptionPreview(plan: SubscriptionPlan): InvoicePreview {
  const cents = planPriceCents(plan);
  return {
    price_id: plan.price_id,
    plan,
    currency: plan.currency,
    subtotal_cents: cents,
    discount_cents: 0,
    total_cents: cents,
    proration_cents: 0,
    coupon_code: null,
    next_payment_at: null,
  };
}

/**
 * The share of a price difference still owed for the rest of the period, as Stripe prorates a
 * plan change (by time left), rounded to cents. Negative for a cheaper plan.
 */
export function prorationCents(row: SubscriptionRow, fromCents: number, toCents: number, now = new Date()): number {
  const start = row.currentPeriodStart?.getTime();
  const end = row.currentPeriodEnd?.getTime();
  if (start === undefined || end === undefined || end <= start) return 0;
  const left = Math.min(1, Math.max(0, (end - now.getTime()) / (end - start)));
  return Math.round((toCents - fromCents) * left);
}
