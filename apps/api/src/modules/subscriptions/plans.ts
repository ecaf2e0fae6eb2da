import {
  planPriceCents,
  SUBSCRIPTION_PLANS,
  SUBSCRIPTION_PLAN_KEYS,
  type SubscriptionPlan,
  type SubscriptionPlanKey,
} from '@kettle/shared';
import type { Config } from '../../config.js';

/** Our price table is the only source of a plan's coins; provider data only picks the key. */
export const isPlanKey = (value: unknown): value is SubscriptionPlanKey =>
  typeof value === 'string' && (SUBSCRIPTION_PLAN_KEYS as readonly string[]).includes(value);

export const planOf = (key: SubscriptionPlanKey): SubscriptionPlan => SUBSCRIPTION_PLANS[key];

export const planByKey = (key: string): SubscriptionPlan | undefined => (isPlanKey(key) ? planOf(key) : undefined);

/**
 * The lookup key of the Stripe price we create for a plan when none is configured. It names the
 * amount, so changing a price in the table makes a new Stripe price instead of reusing the old one.
 */
export const stripeLookupKey = (plan: SubscriptionPlan): string =>
  `kettle_sub_${plan.key}_${planPriceCents(plan)}_${plan.currency}_month`;

/** Which plan a Stripe price is: a configured price id, or one of our lookup keys. */
export function planKeyOfStripePrice(
  config: Pick<Config, 'subscriptionPriceIds'>,
  price: { id: string; lookup_key?: string | null } | string | null | undefined,
): SubscriptionPlanKey | undefined {
  if (!price) return undefined;
  const id = typeof price === 'string' ? price : price.id;
  for (const key of SUBSCRIPTION_PLAN_KEYS) {
    if (config.subscriptionPriceIds[key] === id) return key;
  }
  if (typeof price === 'string' || !price.lookup_key) return undefined;
  return SUBSCRIPTION_PLAN_KEYS.find((key) => stripeLookupKey(planOf(key)) === price.lookup_key);
}

/** Adds calendar months in UTC (a monthly plan's period). */
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

export const centsToDollars = (cents: number): string => (cents / 100).toFixed(2);
