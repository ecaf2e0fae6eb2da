import { z } from './z.js';

/** product.md §8 'Payments' table: what a failed payment call says, by status. */
export const PAYMENT_STATUS_MESSAGES: Record<number, string> = {
  400: 'Invalid payment request. Please check your information.',
  401: 'Authentication required for payment operations.',
  402: 'Payment required. Please update your payment method.',
  403: 'Payment not authorized. Please contact support.',
  404: 'Payment resource not found.',
  409: 'Payment conflict. Operation already in progress.',
  422: 'Payment validation failed. Please check your details.',
  429: 'Too many payment requests. Please try again later.',
  500: 'Payment server error. Please try again later.',
};

export const PAYMENT_MESSAGES = {
  redirecting: 'Redirecting to checkout...',
  checkoutFailed: 'Checkout failed',
  startFailed: 'Failed to start checkout',
  providerInitFailed: (provider: string) => `Failed to initialize ${provider}`,
  noPortalUrl: 'No portal URL received',
  plansFailed: { title: 'Error loading plans', description: 'Using default pricing. Please refresh to try again.' },
  transactionsFailed: 'Unable to Load Transactions',
  cachedData: 'Connection issue detected, Showing cached data',
  successTitle: 'Payment Successful!',
  cancelledTitle: 'Payment Cancelled',
  noCharges: 'No charges have been made',
  /** A refund or dispute took back coins already spent: spending waits until it is settled. */
  frozen: 'Your account has a payment reversal to settle before you can spend coins. Buying coins settles it.',
} as const;

/** product.md §9 default bundles; also the server's price table unless configured otherwise. */
export const PLAN_KEYS = ['bronze', 'silver', 'gold', 'whale'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

export const planSchema = z.object({
  name: z.string(),
  coins: z.number().int(),
  bonus_coins: z.number().int(),
  /** Dollars, e.g. 4.99. */
  price: z.number(),
  currency: z.string(),
  /** e.g. 'gold_plan'; the checkout call sends it with the `_plan` suffix removed. */
  plan_id: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

export const DEFAULT_PLANS: Record<PlanKey, Plan> = {
  bronze: { name: 'Bronze', coins: 100, bonus_coins: 0, price: 4.99, currency: 'usd', plan_id: 'bronze_plan' },
  silver: { name: 'Silver', coins: 300, bonus_coins: 30, price: 12.99, currency: 'usd', plan_id: 'silver_plan' },
  gold: { name: 'Gold', coins: 800, bonus_coins: 120, price: 29.99, currency: 'usd', plan_id: 'gold_plan' },
  whale: { name: 'Whale', coins: 2000, bonus_coins: 400, price: 69.99, currency: 'usd', plan_id: 'whale_plan' },
};

export const plansResponseSchema = z.object({
  plans: z.object({ bronze: planSchema, silver: planSchema, gold: planSchema, whale: planSchema }),
  /** Which card provider checkout goes through ('dev' is Kettle's own test checkout). */
  provider: z.enum(['dev', 'stripe']),
  /** Stripe's publishable key when the provider is Stripe (product.md §7: loaded in the client). */
  publishable_key: z.string().nullable(),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/** Strips the `_plan` suffix the spec's client removes before sending. */
export const planKeyOf = (planId: string): string => planId.replace(/_plan$/, '');

export const checkoutRequestSchema = z.object({
  plan_id: z.enum(PLAN_KEYS, { error: PAYMENT_STATUS_MESSAGES[422] }),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutSessionSchema = z.object({
  session_id: z.string(),
  /** Where the browser goes next: the provider's hosted page, or Kettle's dev checkout page. */
  url: z.string(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/**
 * A purchase's state. It leaves 'pending' once, for good: 'succeeded' (paid and credited), or one
 * of the ends where nothing was charged: 'failed' (declined), 'cancelled' (the buyer left the
 * checkout), 'expired' (the provider closed it unpaid). A succeeded one may later be 'refunded'.
 */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled', 'expired', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** The unpaid ends: such a checkout can never be paid afterwards. */
export const ENDED_PAYMENT_STATUSES = ['failed', 'cancelled', 'expired'] as const;
export type EndedPaymentStatus = (typeof ENDED_PAYMENT_STATUSES)[number];
export const isEndedPaymentStatus = (status: string): status is EndedPaymentStatus =>
  ENDED_PAYMENT_STATUSES.some((ended) => ended === status);

/** How a status reads in Transactions and the CSV. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refunded: 'Refunded',
};

/** Why an ended checkout cannot be paid (409 CHECKOUT_CLOSED), in the buyer's words. */
export const CHECKOUT_ENDED_MESSAGES: Record<EndedPaymentStatus, string> = {
  failed:
    'This checkout was declined and can no longer be paid. Nothing was charged. Start a new checkout to buy coins.',
  cancelled:
    'This checkout was cancelled and can no longer be paid. Nothing was charged. Start a new checkout to buy coins.',
  expired:
    'This checkout has expired and can no longer be paid. Nothing was charged. Start a new checkout to buy coins.',
};

/** product.md §3 'Transaction'. */
export const transactionSchema = z.object({
  id: z.uuid(),
  /** Decimal string, e.g. '29.99'. */
  amount: z.string(),
  currency: z.string(),
  coins_purchased: z.number().int(),
  bonus_coins: z.number().int(),
  total_coins: z.number().int(),
  plan_id: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  stripe_payment_intent_id: z.string().nullable(),
  stripe_created_at: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  transaction_metadata: z.record(z.string(), z.unknown()),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type TransactionListQuery = z.output<typeof transactionListQuerySchema>;

export const transactionListSchema = z.object({
  data: z.array(transactionSchema),
  metadata: z.object({ total_elements: z.number().int(), skip: z.number().int(), limit: z.number().int() }),
});
export type TransactionList = z.infer<typeof transactionListSchema>;

/** The success page asks for its session; the answer says whether the coins are in. */
export const checkoutStatusSchema = z.object({
  session_id: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  plan_id: z.string(),
  total_coins: z.number().int(),
  coin_balance: z.number().int(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/** Kettle's own checkout page (dev provider): what it shows before Pay / Decline / Cancel. */
export const devCheckoutSchema = z.object({
  session_id: z.string(),
  plan: planSchema,
  total_coins: z.number().int(),
  payment_status: z.enum(PAYMENT_STATUSES),
  success_url: z.string(),
  cancel_url: z.string(),
});
export type DevCheckout = z.infer<typeof devCheckoutSchema>;
export const DEV_CHECKOUT_ACTIONS = ['pay', 'decline', 'cancel'] as const;
export type DevCheckoutAction = (typeof DEV_CHECKOUT_ACTIONS)[number];
export const devCheckoutActionSchema = z.object({ action: z.enum(DEV_CHECKOUT_ACTIONS) });
/** Where the browser goes after Pay or Decline (the result page) or Cancel (the cancelled page). */
export const devCheckoutResultSchema = z.object({ redirect_url: z.string() });
export type DevCheckoutResult = z.infer<typeof devCheckoutResultSchema>;

/** Stable codes of the payment errors (the texts are §8's payments table). */
export const PAYMENT_ERROR_CODES = {
  /** A refund or dispute left coins owed: spending waits until a purchase settles it. */
  accountFrozen: 'ACCOUNT_FROZEN',
  /** A provider notification whose signature is missing, wrong or stale. */
  invalidSignature: 'INVALID_SIGNATURE',
  /** A notification naming a plan, user or amount that is not our purchase's. */
  paymentMismatch: 'PAYMENT_MISMATCH',
  /** The checkout was declined, cancelled or has expired: it can never be paid now. */
  checkoutClosed: 'CHECKOUT_CLOSED',
  /** The card provider could not be reached or refused the request. */
  providerError: 'PAYMENT_PROVIDER_ERROR',
} as const;

/** What the webhook answers a provider: received (also for a repeat it already handled). */
export const webhookAckSchema = z.object({ received: z.boolean(), duplicate: z.boolean() });

/** product.md §9: the CSV export's columns, in order. */
export const TRANSACTION_CSV_COLUMNS = [
  'ID',
  'Amount',
  'Currency',
  'Coins Purchased',
  'Bonus Coins',
  'Total Coins',
  'Status',
  'Created Date',
  'Payment Intent ID',
] as const;

/** One entry of the coin ledger as its owner sees it (every earn and spend with its reason). */
export const ledgerEntrySchema = z.object({
  id: z.uuid(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  kind: z.string(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerListQuerySchema = transactionListQuerySchema;
export const ledgerListSchema = z.object({
  data: z.array(ledgerEntrySchema),
  metadata: z.object({ total_elements: z.number().int(), skip: z.number().int(), limit: z.number().int() }),
});
export type LedgerList = z.infer<typeof ledgerListSchema>;
