import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_MESSAGES, type InvoicePreview, type SubscriptionPlan } from '@kettle/shared';
import type Stripe from 'stripe';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { paymentCustomers } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import type { UserRow } from '../../db/rows.js';
import { invalidCoupon, type SubscriptionBilling } from './billing.js';
import { callStripe, isInvalidRequest, stripeFailure } from './stripe-errors.js';
import { createPlanPrices } from './stripe-prices.js';
import { STRIPE_METADATA, stripeSubscriptionState } from './stripe-state.js';
import {
  applyProviderState,
  customerOfUser,
  type ProviderState,
  type SubscriptionRow,
} from './subscriptions.repository.js';

/**
 * The user's Stripe customer, created on first use and remembered in payment_customers. The
 * idempotency key is the user's, so a double click creates one customer, and the insert keeps
 * the first mapping if two requests race.
 */
async function ensureCustomer(db: Db, stripe: Stripe, user: UserRow): Promise<string> {
  const known = await customerOfUser(db, 'stripe', user.id);
  if (known) return known;
  const customer = await callStripe(() =>
    stripe.customers.create(
      { email: user.email, metadata: { [STRIPE_METADATA.user]: user.id } },
      { idempotencyKey: `kettle-customer-${user.id}` },
    ),
  );
  await db
    .insert(paymentCustomers)
    .values({ userId: user.id, provider: 'stripe', customerId: customer.id })
    .onConflictDoNothing();
  return (await customerOfUser(db, 'stripe', user.id)) ?? customer.id;
}

const sumOf = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Stripe's preview invoice in our words (cents). */
function toPreview(plan: SubscriptionPlan, row: SubscriptionRow, invoice: Stripe.Invoice): InvoicePreview {
  const lines = invoice.lines?.data ?? [];
  const proration = sumOf(
    lines.filter((line) => line.parent?.subscription_item_details?.proration).map((line) => line.amount),
  );
  const nextAttempt = invoice.next_payment_attempt ?? invoice.period_end;
  return {
    price_id: plan.price_id,
    plan,
    currency: invoice.currency,
    subtotal_cents: invoice.subtotal,
    discount_cents: sumOf((invoice.total_discount_amounts ?? []).map((d) => d.amount)),
    total_cents: invoice.total,
    proration_cents: proration,
    coupon_code: row.couponCode,
    next_payment_at: nextAttempt
      ? new Date(nextAttempt * 1000).toISOString()
      : (row.currentPeriodEnd?.toISOString() ?? null),
  };
}

/**
 * Stripe Billing: Checkout in subscription mode, the customer portal, and subscription updates,
 * through the Stripe provider's one client. After each change our row is rewritten from Stripe's
 * answer (the same merge the webhook uses), so the API answers what Stripe now holds.
 */
export function createStripeBilling(
  stripe: Stripe,
  config: Pick<Config, 'appOrigin' | 'subscriptionPriceIds'>,
): SubscriptionBilling {
  const priceOf = createPlanPrices(stripe, config);

  const store = (db: Db, row: SubscriptionRow, subscription: Stripe.Subscription, extra: Partial<ProviderState> = {}) =>
    db.transaction(async (tx) => {
      const state = { ...stripeSubscriptionState(config, row.userId, subscription), ...extra };
      return (await applyProviderState(tx, state)) ?? row;
    });

  const update = (row: SubscriptionRow, params: Stripe.SubscriptionUpdateParams) =>
    callStripe(() => stripe.subscriptions.update(row.providerSubscriptionId, params));

  const firstItem = async (row: SubscriptionRow): Promise<Stripe.SubscriptionItem> => {
    const subscription = await callStripe(() => stripe.subscriptions.retrieve(row.providerSubscriptionId));
    const item = subscription.items.data[0];
    if (!item) throw notFound(SUBSCRIPTION_MESSAGES.none);
    return item;
  };

  return {
    checkout: async (db, user, plan) => {
      const customer = await ensureCustomer(db, stripe, user);
      const price = await callStripe(() => priceOf(plan));
      const metadata = {
        [STRIPE_METADATA.user]: user.id,
        [STRIPE_METADATA.plan]: plan.key,
        [STRIPE_METADATA.kind]: 'subscription',
      };
      const session = await callStripe(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer,
            client_reference_id: user.id,
            line_items: [{ price, quantity: 1 }],
            // Our metadata rides on the subscription, and so on every invoice it makes.
            subscription_data: { metadata },
            metadata,
            allow_promotion_codes: true,
            success_url: `${config.appOrigin}/account?subscription=success#subscription`,
            cancel_url: `${config.appOrigin}/account?subscription=cancelled#subscription`,
          },
          // One attempt per click; the SDK's own retries reuse it, so a retry opens no second session.
          { idempotencyKey: `kettle-subscription-checkout-${randomUUID()}` },
        ),
      );
      // A hosted session always has a url; without one there is nowhere to send the browser.
      if (!session.url) throw stripeFailure(new Error('Checkout session without a url'));
      return { sessionId: session.id, url: session.url };
    },
    portalUrl: async (db, user) => {
      const customer = await customerOfUser(db, 'stripe', user.id);
      if (!customer) throw notFound(SUBSCRIPTION_MESSAGES.none);
      const portal = await callStripe(() =>
        stripe.billingPortal.sessions.create({ customer, return_url: `${config.appOrigin}/account#subscription` }),
      );
      return portal.url;
    },
    setCancelAtPeriodEnd: async (db, row, cancel) =>
      store(db, row, await update(row, { cancel_at_period_end: cancel })),
    changePlan: async (db, row, plan) => {
      const item = await firstItem(row);
      const price = await callStripe(() => priceOf(plan));
      const subscription = await update(row, {
        items: [{ id: item.id, price }],
        proration_behavior: 'create_prorations',
        metadata: { [STRIPE_METADATA.plan]: plan.key },
      });
      return store(db, row, subscription, { planId: plan.key });
    },
    preview: async (db, row, plan) => {
      const customer = await customerOfUser(db, 'stripe', row.userId);
      const params: Stripe.InvoiceCreatePreviewParams = {
        customer: customer ?? undefined,
        subscription: row.providerSubscriptionId,
      };
      if (plan.key !== row.planId) {
        const item = await firstItem(row);
        const price = await callStripe(() => priceOf(plan));
        params.subscription_details = { items: [{ id: item.id, price }], proration_behavior: 'create_prorations' };
      }
      const invoice = await callStripe(() => stripe.invoices.createPreview(params));
      return toPreview(plan, row, invoice);
    },
    applyCoupon: async (db, row, code) => {
      // Customer-facing promotion codes only: coupon ids are the business's internal names.
      const found = await callStripe(() => stripe.promotionCodes.list({ code, active: true, limit: 1 }));
      const promotion = found.data[0];
      if (!promotion) throw invalidCoupon();
      let subscription: Stripe.Subscription;
      try {
        subscription = await stripe.subscriptions.update(row.providerSubscriptionId, {
          discounts: [{ promotion_code: promotion.id }],
        });
      } catch (error) {
        // Stripe refuses codes that are expired, used up or restricted to other customers.
        if (isInvalidRequest(error)) throw invalidCoupon();
        throw stripeFailure(error);
      }
      return store(db, row, subscription, { couponCode: promotion.code });
    },
    removeCoupon: async (db, row) => store(db, row, await update(row, { discounts: '' }), { couponCode: null }),
  };
}
