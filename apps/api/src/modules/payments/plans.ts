import { DEFAULT_PLANS, PLAN_KEYS, type Plan, type PlanKey, type PlansResponse } from '@kettle/shared';
import type { PaymentProvider } from './providers/payment-provider.js';

/** One bundle as the server sells it: coins and price come from here, never from the client. */
export type PricedPlan = Plan & {
  key: PlanKey;
  totalCoins: number;
  /** Minor units (cents), what the provider charges and reports back. */
  amountCents: number;
};

const toCents = (dollars: number): number => Math.round(dollars * 100);

/** The price table: product.md §9's four bundles. */
export const PRICE_TABLE: Record<PlanKey, PricedPlan> = Object.fromEntries(
  PLAN_KEYS.map((key) => {
    const plan = DEFAULT_PLANS[key];
    return [key, { ...plan, key, totalCoins: plan.coins + plan.bonus_coins, amountCents: toCents(plan.price) }];
  }),
) as Record<PlanKey, PricedPlan>;

export const pricedPlan = (key: PlanKey): PricedPlan => PRICE_TABLE[key];

/** A plan key read back from storage or a provider's metadata; undefined when it is not one of ours. */
export const planKeyFrom = (value: unknown): PlanKey | undefined => PLAN_KEYS.find((key) => key === value);

/** `GET /payments/plans`: the bundles, and which provider checkout goes through. */
export function plansResponse(provider: Pick<PaymentProvider, 'name' | 'publishableKey'>): PlansResponse {
  const plans = Object.fromEntries(
    PLAN_KEYS.map((key) => {
      const { name, coins, bonus_coins, price, currency, plan_id } = PRICE_TABLE[key];
      return [key, { name, coins, bonus_coins, price, currency, plan_id }];
    }),
  ) as PlansResponse['plans'];
  return { plans, provider: provider.name, publishable_key: provider.publishableKey };
}

/** '29.99' from 2999: the spec's Transaction amount is a decimal string. */
export const decimalAmount = (cents: number): string => (cents / 100).toFixed(2);
