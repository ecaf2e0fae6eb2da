import { randomBytes } from 'node:crypto';
import { planPriceCents, type SubscriptionPlan } from '@kettle/shared';
import { subscriptions } from '../../db/schema.js';
import { invalidCoupon, type SubscriptionBilling } from './billing.js';
import { devCoupon, devDiscountCents } from './dev-coupons.js';
import { planByKey } from './plans.js';
import { prorationCents } from './preview.js';
import { updateSubscription, type SubscriptionRow } from './subscriptions.repository.js';

const SESSION_PREFIX = 'dev_subcs_';
const SUBSCRIPTION_PREFIX = 'dev_sub_';

/** A dev checkout's session id and its subscription's id share one random token. */
export const devSubscriptionIdOf = (sessionId: string): string | undefined =>
  sessionId.startsWith(SESSION_PREFIX) && sessionId.length > SESSION_PREFIX.length
    ? `${SUBSCRIPTION_PREFIX}${sessionId.slice(SESSION_PREFIX.length)}`
    : undefined;
export const devTokenOf = (row: SubscriptionRow): string => row.providerSubscriptionId.replace(SUBSCRIPTION_PREFIX, '');

/** What a dev period costs: the plan's price less the coupon on the subscription. */
export function devPeriodAmountCents(plan: SubscriptionPlan, couponCode: string | null): number {
  const cents = planPriceCents(plan);
  return cents - devDiscountCents(cents, couponCode);
}

/**
 * The dev provider's billing (no card keys): the subscription lives only in our row. Checkout
 * opens Kettle's own page (`/subscription/dev/<session>`), whose Pay starts the subscription and
 * grants the first month through the same grantPeriod as Stripe's invoices (dev-checkout.ts).
 */
export function createDevBilling(options: { appOrigin: string }): SubscriptionBilling {
  const { appOrigin } = options;
  return {
    checkout: async (db, user, plan) => {
      const token = randomBytes(16).toString('hex');
      await db.insert(subscriptions).values({
        userId: user.id,
        provider: 'dev',
        providerSubscriptionId: `${SUBSCRIPTION_PREFIX}${token}`,
        planId: plan.key,
        status: 'incomplete',
      });
      const sessionId = `${SESSION_PREFIX}${token}`;
      return { sessionId, url: `${appOrigin}/subscription/dev/${sessionId}` };
    },
    portalUrl: async () => `${appOrigin}/account#subscription`,
    setCancelAtPeriodEnd: (db, row, cancel) => updateSubscription(db, row, { cancelAtPeriodEnd: cancel }),
    // Like Stripe with prorations: the new price from now on, the new plan's coins from the next month.
    changePlan: (db, row, plan) => updateSubscription(db, row, { planId: plan.key }),
    preview: async (_db, row, plan) => {
      const current = planByKey(row.planId) ?? plan;
      const proration =
        plan.key === current.key ? 0 : prorationCents(row, planPriceCents(current), planPriceCents(plan));
      const subtotal = planPriceCents(plan) + proration;
      const discount = devDiscountCents(subtotal, row.couponCode);
      return {
        price_id: plan.price_id,
        plan,
        currency: plan.currency,
        subtotal_cents: subtotal,
        discount_cents: discount,
        total_cents: subtotal - discount,
        proration_cents: proration,
        coupon_code: row.couponCode,
        next_payment_at: row.currentPeriodEnd?.toISOString() ?? null,
      };
    },
    applyCoupon: async (db, row, code) => {
      if (!devCoupon(code)) throw invalidCoupon();
      return updateSubscription(db, row, { couponCode: code.toUpperCase() });
    },
    removeCoupon: (db, row) => updateSubscription(db, row, { couponCode: null }),
  };
}
