import type Stripe from 'stripe';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { grantPeriod } from './grants.js';
import { planByKey } from './plans.js';
import {
  idOf,
  invoicePeriod,
  planKeyOfInvoice,
  stripeSubscriptionState,
  subscriptionIdOfInvoice,
} from './stripe-state.js';
import { applyProviderState, findByProviderId, userOfCustomer } from './subscriptions.repository.js';

/** A provider notification as the payments webhook hands it over (a verified Stripe event). */
export type SubscriptionEvent = { id: string; type: string; data: { object: unknown } };

/** Invoices that pay for a period of the plan; plan changes and manual invoices grant nothing. */
const PERIOD_BILLING_REASONS = new Set(['subscription_create', 'subscription_cycle']);

export const isSubscriptionEventType = (type: string): boolean =>
  type.startsWith('invoice.') || type.startsWith('customer.subscription.');

/**
 * A paid period: the row is created or moved forward to the invoice's period, and the plan's
 * coins are credited once per invoice (grantPeriod), however often the event arrives.
 */
async function onInvoicePaid(ctx: AppContext, tx: Tx, invoice: Stripe.Invoice): Promise<void> {
  if (!PERIOD_BILLING_REASONS.has(invoice.billing_reason ?? '')) return;
  const subscriptionId = subscriptionIdOfInvoice(invoice);
  const customerId = idOf(invoice.customer);
  if (!subscriptionId || !customerId || !invoice.id) return;
  // Only customers we created (payment_customers) belong to a Kettle user.
  const userId = await userOfCustomer(tx, 'stripe', customerId);
  if (!userId) return;
  const existing = await findByProviderId(tx, 'stripe', subscriptionId);
  const plan = planByKey(planKeyOfInvoice(ctx.config, invoice) ?? existing?.planId ?? '');
  if (!plan) return;
  const period = invoicePeriod(invoice);
  const row = await applyProviderState(tx, {
    userId,
    provider: 'stripe',
    providerSubscriptionId: subscriptionId,
    planId: existing ? undefined : plan.key,
    // A paid first invoice means the subscription runs; later states come with subscription events.
    status: existing && existing.status !== 'incomplete' ? undefined : 'active',
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
  });
  if (!row || row.userId !== userId) return;
  await grantPeriod(tx, {
    subscription: row,
    plan,
    invoiceId: invoice.id,
    amountCents: invoice.amount_paid,
    currency: invoice.currency,
    periodStart: period.start,
    periodEnd: period.end,
  });
}

async function onSubscriptionChanged(ctx: AppContext, tx: Tx, subscription: Stripe.Subscription): Promise<void> {
  const customerId = idOf(subscription.customer);
  if (!customerId) return;
  const userId = await userOfCustomer(tx, 'stripe', customerId);
  if (!userId) return;
  await applyProviderState(tx, stripeSubscriptionState(ctx.config, userId, subscription));
}

/**
 * Stripe's `invoice.*` and `customer.subscription.*` notifications, called by the payments
 * webhook inside the transaction that records the event (signature checks happen there).
 * Every handler is idempotent and order-tolerant: replays, twins and late arrivals change
 * nothing they should not, and coins move only through grantPeriod.
 */
export async function handleSubscriptionEvent(ctx: AppContext, tx: Tx, event: SubscriptionEvent): Promise<void> {
  switch (event.type) {
    case 'invoice.paid':
      return onInvoicePaid(ctx, tx, event.data.object as Stripe.Invoice);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return onSubscriptionChanged(ctx, tx, event.data.object as Stripe.Subscription);
    default:
      // invoice.created, invoice.payment_failed and the like: the subscription events that
      // follow carry the state that matters (past_due, canceled).
      return;
  }
}
