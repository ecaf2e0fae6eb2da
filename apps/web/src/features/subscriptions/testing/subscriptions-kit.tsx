import { SUBSCRIPTION_PLANS, type Subscription } from '@kettle/shared';

/** Fixtures for the My Account sections of issue 6 (subscriptions, company profile). */
export const PERIOD_START = '2026-11-22T10:00:00.000Z';
export const PERIOD_END = '2026-12-22T10:00:00.000Z';

export const makeSubscription = (patch: Partial<Subscription> = {}): Subscription => ({
  id: '6a6a6a6a-0000-4000-8000-000000000001',
  provider: 'stripe',
  plan: SUBSCRIPTION_PLANS.brew,
  status: 'active',
  current_period_start: PERIOD_START,
  current_period_end: PERIOD_END,
  cancel_at_period_end: false,
  coupon_code: null,
  created_at: PERIOD_START,
  ...patch,
});
