import type { SubscriptionPlan } from '@kettle/shared';
import { planPriceCents } from '@kettle/shared';
import type Stripe from 'stripe';
import type { Config } from '../../config.js';
import { stripeLookupKey } from './plans.js';

/**
 * The Stripe price of a plan: the configured id (STRIPE_PRICE_MONTHLY_*), else the price with our
 * lookup key, created once when missing. Stripe needs a product for subscription items, which
 * `price_data` on plan changes cannot name, so every plan gets a real price. The create call's
 * idempotency key makes two servers starting at once end up with one price. Made once with the
 * process's Stripe client, so each lookup key is asked of Stripe once per process.
 */
export function createPlanPrices(
  stripe: Stripe,
  config: Pick<Config, 'subscriptionPriceIds'>,
): (plan: SubscriptionPlan) => Promise<string> {
  const cache = new Map<string, Promise<string>>();
  return (plan) => {
    const configured = config.subscriptionPriceIds[plan.key];
    if (configured) return Promise.resolve(configured);
    const lookupKey = stripeLookupKey(plan);
    let found = cache.get(lookupKey);
    if (!found) {
      found = findOrCreatePrice(stripe, plan, lookupKey);
      // A failure is not remembered: the next call asks Stripe again.
      found.catch(() => cache.delete(lookupKey));
      cache.set(lookupKey, found);
    }
    return found;
  };
}

async function findOrCreatePrice(stripe: Stripe, plan: SubscriptionPlan, lookupKey: string): Promise<string> {
  const existing = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  const price = existing.data[0];
  if (price) return price.id;
  const created = await stripe.prices.create(
    {
      currency: plan.currency,
      unit_amount: planPriceCents(plan),
      recurring: { interval: 'month' },
      lookup_key: lookupKey,
      product_data: { name: `Kettle ${plan.name} (${plan.coins_per_period} coins a month)` },
      metadata: { kettle_plan: plan.key },
    },
    { idempotencyKey: `kettle-price-${lookupKey}` },
  );
  return created.id;
}
