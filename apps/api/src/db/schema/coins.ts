// Coins: the ledger, card purchases and the provider's events, subscriptions and their grants.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAYMENT_STATUSES } from '@kettle/shared';
import { id, createdAt } from './columns.js';
import { users } from './accounts.js';

/** Every change of a balance is one row here; the sum of a user's rows is the balance. */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    kind: text('kind').notNull(),
    reason: text('reason'),
    actorId: uuid('actor_id'),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    /**
     * Commit order per user: drawn after the spend's conditional update has locked the user row,
     * so it follows balance_after, where created_at (the transaction's start) may not.
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('coin_ledger_user_created_idx').on(t.userId, t.createdAt),
    index('coin_ledger_user_seq_idx').on(t.userId, t.seq),
    // The daily drop is claimable once per UTC day: its reference is the day, and the database keeps it unique.
    uniqueIndex('coin_ledger_daily_drop_key')
      .on(t.userId, t.referenceId)
      .where(sql`${t.kind} = 'daily_drop'`),
    check('coin_ledger_balance_after_non_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

export const PAYMENT_PROVIDERS = ['dev', 'stripe'] as const;
/**
 * One card checkout of a coin bundle (product.md §3 'Transaction'). Coins come from our price table
 * at creation; the session id is unique, and fulfilment flips `pending` to `succeeded` with a
 * conditional update, so a checkout credits exactly once whoever reports it.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    planId: text('plan_id').notNull(),
    coins: integer('coins').notNull(),
    bonusCoins: integer('bonus_coins').notNull(),
    totalCoins: integer('total_coins').notNull(),
    /** Minor units (cents). */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    paymentIntentId: text('payment_intent_id'),
    providerCreatedAt: timestamp('provider_created_at', { withTimezone: true }),
    /** Coins taken back by refunds and disputes so far. */
    coinsReversed: integer('coins_reversed').notNull().default(0),
    metadata: jsonb('metadata').notNull().default({}),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchases_provider_session_key').on(t.provider, t.providerSessionId),
    index('purchases_user_created_idx').on(t.userId, t.createdAt),
    index('purchases_payment_intent_idx').on(t.paymentIntentId),
    check('purchases_coins_positive', sql`${t.totalCoins} > 0`),
    check('purchases_coins_reversed_range', sql`${t.coinsReversed} >= 0 and ${t.coinsReversed} <= ${t.totalCoins}`),
  ],
);

/** Every provider notification handled, keyed by its event id: a retry or a twin is a no-op. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** The provider's customer for a user (subscriptions, billing portal). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    uniqueIndex('payment_customers_customer_key').on(t.provider, t.customerId),
  ],
);

/** Monthly coin plans (decisions.md, Company profiles and subscriptions). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    planId: text('plan_id').notNull(),
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    couponCode: text('coupon_code'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_key').on(t.provider, t.providerSubscriptionId),
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Coins granted for one paid period (one invoice): the key makes each period credit once. */
export const subscriptionGrants = pgTable(
  'subscription_grants',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    coins: integer('coins').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.providerInvoiceId] })],
);
