import { z } from './z.js';
import { PAYMENT_STATUS_MESSAGES } from './payments.js';

/**
 * Monthly coin plans (decisions.md, Company profiles and subscriptions): each paid month
 * credits the plan's coins once. The server's price table is this one; the client shows it.
 */
export const SUBSCRIPTION_PLAN_KEYS = ['sip', 'brew', 'pot'] as const;
export type SubscriptionPlanKey = (typeof SUBSCRIPTION_PLAN_KEYS)[number];

/** What the client sends as `price_id` (product.md §3 'Subscription calls'): our ids, never the provider's. */
export const SUBSCRIPTION_PRICE_IDS = ['sip_monthly', 'brew_monthly', 'pot_monthly'] as const;
export type SubscriptionPriceId = (typeof SUBSCRIPTION_PRICE_IDS)[number];

export const subscriptionPlanSchema = z.object({
  key: z.enum(SUBSCRIPTION_PLAN_KEYS),
  price_id: z.enum(SUBSCRIPTION_PRICE_IDS),
  name: z.string(),
  description: z.string(),
  /** Coins credited for each paid month. */
  coins_per_period: z.number().int(),
  /** Dollars a month, e.g. 9.99. */
  price: z.number(),
  currency: z.string(),
  interval: z.literal('month'),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

export const SUBSCRIPTION_PLANS: Record<SubscriptionPlanKey, SubscriptionPlan> = {
  sip: {
    key: 'sip',
    price_id: 'sip_monthly',
    name: 'Daily Sip',
    description: 'A cup a day: enough for a few unlocks and votes every week.',
    coins_per_period: 500,
    price: 9.99,
    currency: 'usd',
    interval: 'month',
  },
  brew: {
    key: 'brew',
    price_id: 'brew_monthly',
    name: 'Strong Brew',
    description: 'For regulars who read every new tea and join the conversation.',
    coins_per_period: 1200,
    price: 19.99,
    currency: 'usd',
    interval: 'month',
  },
  pot: {
    key: 'pot',
    price_id: 'pot_monthly',
    name: 'Bottomless Pot',
    description: 'The whole pot: unlock, vote, comment and report all month long.',
    coins_per_period: 3000,
    price: 39.99,
    currency: 'usd',
    interval: 'month',
  },
};

export const subscriptionPlanByPriceId = (priceId: string): SubscriptionPlan | undefined =>
  Object.values(SUBSCRIPTION_PLANS).find((plan) => plan.price_id === priceId);

/** Minor units of a plan's price (cents), the only form money takes on the wire besides `price`. */
export const planPriceCents = (plan: SubscriptionPlan): number => Math.round(plan.price * 100);

export const subscriptionPlansResponseSchema = z.object({
  plans: z.array(subscriptionPlanSchema),
  provider: z.enum(['dev', 'stripe']),
});
export type SubscriptionPlansResponse = z.infer<typeof subscriptionPlansResponseSchema>;

const priceIdField = z.enum(SUBSCRIPTION_PRICE_IDS, { error: PAYMENT_STATUS_MESSAGES[422] });

export const subscriptionCheckoutRequestSchema = z.object({ price_id: priceIdField });
export type SubscriptionCheckoutRequest = z.infer<typeof subscriptionCheckoutRequestSchema>;
export const updatePlanRequestSchema = z.object({ price_id: priceIdField });
export type UpdatePlanRequest = z.infer<typeof updatePlanRequestSchema>;
export const invoicePreviewQuerySchema = z.object({ price_id: priceIdField.optional() });

export const COUPON_CODE_MAX = 64;
export const couponApplySchema = z.object({
  coupon_code: z
    .string({ error: 'Enter a coupon code' })
    .trim()
    .min(1, 'Enter a coupon code')
    .max(COUPON_CODE_MAX, `Coupon codes are at most ${COUPON_CODE_MAX} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, 'Coupon codes contain only letters, numbers, dashes and underscores'),
});
export type CouponApplyInput = z.input<typeof couponApplySchema>;

/** Stripe's subscription statuses; the dev provider uses the same words. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const subscriptionSchema = z.object({
  id: z.uuid(),
  provider: z.enum(['dev', 'stripe']),
  plan: subscriptionPlanSchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  /** True after Cancel: the plan runs to `current_period_end`, then ends (Resume undoes it). */
  cancel_at_period_end: z.boolean(),
  coupon_code: z.string().nullable(),
  created_at: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /payments/subscription: the current subscription, or null when there is none. */
export const currentSubscriptionSchema = subscriptionSchema.nullable();

export const billingPortalSchema = z.object({ url: z.string() });
export type BillingPortal = z.infer<typeof billingPortalSchema>;

/** One paid month and the coins it credited. */
export const subscriptionGrantSchema = z.object({
  invoice_id: z.string(),
  coins: z.number().int(),
  amount_cents: z.number().int(),
  currency: z.string(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  created_at: z.string(),
});
export type SubscriptionGrant = z.infer<typeof subscriptionGrantSchema>;

export const subscriptionHistoryQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(12),
});
export const subscriptionHistorySchema = z.object({
  data: z.array(subscriptionGrantSchema),
  metadata: z.object({ total_elements: z.number().int(), skip: z.number().int(), limit: z.number().int() }),
});
export type SubscriptionHistory = z.infer<typeof subscriptionHistorySchema>;

/** What the next invoice would be, for the current plan or another one (`price_id`). */
export const invoicePreviewSchema = z.object({
  price_id: z.enum(SUBSCRIPTION_PRICE_IDS),
  plan: subscriptionPlanSchema,
  currency: z.string(),
  /** Cents: the month's price plus any proration of a plan change. */
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  total_cents: z.number().int(),
  /** Cents of the subtotal that prorate a plan change (0 when there is none). */
  proration_cents: z.number().int(),
  coupon_code: z.string().nullable(),
  /** When the previewed invoice would be charged; null for a new subscription (charged at checkout). */
  next_payment_at: z.string().nullable(),
});
export type InvoicePreview = z.infer<typeof invoicePreviewSchema>;

/** Coins of the current period: granted by the plan, and spent (every debit since the period began). */
export const subscriptionUsageSchema = z.object({
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  plan_coins: z.number().int(),
  coins_granted: z.number().int(),
  coins_spent: z.number().int(),
});
export type SubscriptionUsage = z.infer<typeof subscriptionUsageSchema>;

export const webhookStatusSchema = z.object({
  provider: z.enum(['dev', 'stripe']),
  /** Whether the provider can reach us: always for the dev provider, a signing secret for Stripe. */
  webhooks_configured: z.boolean(),
  last_event: z.object({ type: z.string(), received_at: z.string() }).nullable(),
});
export type WebhookStatus = z.infer<typeof webhookStatusSchema>;

/** Kettle's own subscription checkout page (dev provider). */
export const devSubscriptionCheckoutSchema = z.object({
  session_id: z.string(),
  plan: subscriptionPlanSchema,
  status: z.enum(['open', 'complete', 'expired']),
  success_url: z.string(),
  cancel_url: z.string(),
});
export type DevSubscriptionCheckout = z.infer<typeof devSubscriptionCheckoutSchema>;
export const devSubscriptionActionSchema = z.object({ action: z.enum(['pay', 'cancel']) });
export const devSubscriptionActionResultSchema = z.object({ redirect_url: z.string() });

export const SUBSCRIPTION_MESSAGES = {
  none: 'You do not have a subscription.',
  alreadySubscribed: 'You already have a subscription. Change its plan instead.',
  samePlan: 'You are already on this plan.',
  ended: 'This subscription has ended.',
  notCancelling: 'This subscription is not set to cancel.',
  invalidCoupon: 'This coupon code is not valid.',
  noCoupon: 'No coupon is applied to your subscription.',
  devOnly: 'This action is only available with the test payment provider.',
  checkoutNotFound: 'This checkout was not found.',
  checkoutClosed: 'This checkout is already closed.',
  subscribed: 'Subscription started. Your coins are in!',
  cancelled: 'Your subscription will end at the end of this period.',
  resumed: 'Your subscription will renew.',
  planChanged: 'Your plan was changed.',
  couponApplied: 'Coupon applied.',
  couponRemoved: 'Coupon removed.',
  renewed: 'A new period started.',
  loadFailed: 'Unable to load your subscription',
  actionFailed: 'Subscription update failed. Please try again.',
} as const;
