import {
  PAYMENT_STATUS_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PLANS,
  subscriptionPlanByPriceId,
  type InvoicePreview,
  type SubscriptionHistory,
  type SubscriptionPlan,
  type SubscriptionPlansResponse,
  type SubscriptionUsage,
  type WebhookStatus,
} from '@kettle/shared';
import { and, desc, eq, gte, like, lt, notInArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { coinLedger, paymentEvents, subscriptionGrants, subscriptions } from '../../db/schema.js';
import { conflict, notFound, validationFailed } from '../../lib/app-error.js';
import { assertEmailVerified } from '../../lib/verified-email.js';
import type { UserRow } from '../../db/rows.js';
import type { SubscriptionCheckout } from './billing.js';
import { planByKey } from './plans.js';
import { newSubscriptionPreview } from './preview.js';
import { findCurrentSubscription, type SubscriptionRow } from './subscriptions.repository.js';
import { toGrant } from './subscriptions.presenter.js';

/** A running subscription stays with the provider its row names (why: payments/providers/select-provider.ts). */
const billingOf = (ctx: AppContext, row: SubscriptionRow) => ctx.payments.of(row.provider).billing;

const noSubscription = () => notFound(SUBSCRIPTION_MESSAGES.none);

function planOfPriceId(priceId: string): SubscriptionPlan {
  const plan = subscriptionPlanByPriceId(priceId);
  if (!plan) throw validationFailed([{ field: 'price_id', message: PAYMENT_STATUS_MESSAGES[422] ?? '' }]);
  return plan;
}

export const listPlans = (ctx: AppContext): SubscriptionPlansResponse => ({
  plans: Object.values(SUBSCRIPTION_PLANS),
  provider: ctx.payments.active.name,
});

export const currentSubscription = (ctx: AppContext, user: UserRow) => findCurrentSubscription(ctx.db, user.id);

export async function requireCurrent(ctx: AppContext, user: UserRow): Promise<SubscriptionRow> {
  const row = await findCurrentSubscription(ctx.db, user.id);
  if (!row) throw noSubscription();
  return row;
}

/** One running subscription per user: a second plan is a plan change, not a second checkout. */
export async function startCheckout(ctx: AppContext, user: UserRow, priceId: string): Promise<SubscriptionCheckout> {
  assertEmailVerified(user);
  const plan = planOfPriceId(priceId);
  // Same budget as coin checkouts: each opens a provider session.
  await ctx.limits.hit('checkoutPerUser', `subscription:${user.id}`, PAYMENT_STATUS_MESSAGES[429]);
  if (await findCurrentSubscription(ctx.db, user.id)) throw conflict(SUBSCRIPTION_MESSAGES.alreadySubscribed);
  return ctx.payments.active.billing.checkout(ctx.db, user, plan);
}

export async function billingPortalUrl(ctx: AppContext, user: UserRow): Promise<string> {
  const row = await findCurrentSubscription(ctx.db, user.id);
  return (row ? billingOf(ctx, row) : ctx.payments.active.billing).portalUrl(ctx.db, user);
}

/** Cancel and Resume flip the period-end flag; asking for the state already held changes nothing. */
export async function setCancelAtPeriodEnd(ctx: AppContext, user: UserRow, cancel: boolean): Promise<SubscriptionRow> {
  const row = await requireCurrent(ctx, user);
  if (row.cancelAtPeriodEnd === cancel) return row;
  return billingOf(ctx, row).setCancelAtPeriodEnd(ctx.db, row, cancel);
}

export async function changePlan(ctx: AppContext, user: UserRow, priceId: string): Promise<SubscriptionRow> {
  const plan = planOfPriceId(priceId);
  const row = await requireCurrent(ctx, user);
  if (row.planId === plan.key) throw conflict(SUBSCRIPTION_MESSAGES.samePlan);
  return billingOf(ctx, row).changePlan(ctx.db, row, plan);
}

export async function previewInvoice(ctx: AppContext, user: UserRow, priceId?: string): Promise<InvoicePreview> {
  const row = await findCurrentSubscription(ctx.db, user.id);
  const asked = priceId ? planOfPriceId(priceId) : undefined;
  if (!row) {
    if (!asked) throw noSubscription();
    return newSubscriptionPreview(asked);
  }
  const plan = asked ?? planByKey(row.planId);
  if (!plan) throw noSubscription();
  return billingOf(ctx, row).preview(ctx.db, row, plan);
}

export async function applyCoupon(ctx: AppContext, user: UserRow, code: string): Promise<SubscriptionRow> {
  const row = await requireCurrent(ctx, user);
  return billingOf(ctx, row).applyCoupon(ctx.db, row, code);
}

export async function removeCoupon(ctx: AppContext, user: UserRow): Promise<SubscriptionRow> {
  const row = await requireCurrent(ctx, user);
  if (row.couponCode === null) return row;
  return billingOf(ctx, row).removeCoupon(ctx.db, row);
}

/** Paid months of all the user's subscriptions, newest first. */
export async function subscriptionHistory(
  ctx: AppContext,
  user: UserRow,
  query: { skip: number; limit: number },
): Promise<SubscriptionHistory> {
  const mine = eq(subscriptions.userId, user.id);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ grant: subscriptionGrants })
      .from(subscriptionGrants)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionGrants.subscriptionId))
      .where(mine)
      .orderBy(desc(subscriptionGrants.createdAt), desc(subscriptionGrants.providerInvoiceId))
      .offset(query.skip)
      .limit(query.limit),
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(subscriptionGrants)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionGrants.subscriptionId))
      .where(mine),
  ]);
  return {
    data: rows.map((r) => toGrant(r.grant)),
    metadata: { total_elements: Number(count?.total ?? 0), skip: query.skip, limit: query.limit },
  };
}

/**
 * Ledger kinds that are not spending: a refund taking coins back, an admin setting a balance.
 * Everything else below zero (unlocks, votes, comments, reports, posts) is coins spent.
 */
const NOT_SPENDING = ['purchase_reversal', 'admin_set'];

/** Coins of the current period: the plan's grants in it, and the coins spent since it began. */
export async function subscriptionUsage(ctx: AppContext, user: UserRow): Promise<SubscriptionUsage> {
  const row = await requireCurrent(ctx, user);
  const plan = planByKey(row.planId);
  const start = row.currentPeriodStart;
  if (!start) {
    return {
      period_start: null,
      period_end: null,
      plan_coins: plan?.coins_per_period ?? 0,
      coins_granted: 0,
      coins_spent: 0,
    };
  }
  const [[granted], [spent]] = await Promise.all([
    ctx.db
      .select({ total: sql<number>`coalesce(sum(${subscriptionGrants.coins}), 0)::int` })
      .from(subscriptionGrants)
      .where(
        and(
          eq(subscriptionGrants.subscriptionId, row.id),
          gte(sql`coalesce(${subscriptionGrants.periodStart}, ${subscriptionGrants.createdAt})`, start),
        ),
      ),
    ctx.db
      .select({ total: sql<number>`coalesce(-sum(${coinLedger.delta}), 0)::int` })
      .from(coinLedger)
      .where(
        and(
          eq(coinLedger.userId, user.id),
          lt(coinLedger.delta, 0),
          notInArray(coinLedger.kind, NOT_SPENDING),
          gte(coinLedger.createdAt, start),
        ),
      ),
  ]);
  return {
    period_start: start.toISOString(),
    period_end: row.currentPeriodEnd?.toISOString() ?? null,
    plan_coins: plan?.coins_per_period ?? 0,
    coins_granted: Number(granted?.total ?? 0),
    coins_spent: Number(spent?.total ?? 0),
  };
}

/** The last subscription notification the active provider delivered, and whether it can deliver. */
export async function webhookStatus(ctx: AppContext): Promise<WebhookStatus> {
  const provider = ctx.payments.active.name;
  const [last] = await ctx.db
    .select({ type: paymentEvents.type, receivedAt: paymentEvents.receivedAt })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.provider, provider),
        or(like(paymentEvents.type, 'invoice.%'), like(paymentEvents.type, 'customer.subscription.%')),
      ),
    )
    .orderBy(desc(paymentEvents.receivedAt))
    .limit(1);
  return {
    provider,
    webhooks_configured: provider === 'dev' || Boolean(ctx.config.stripe?.webhookSecret),
    last_event: last ? { type: last.type, received_at: last.receivedAt.toISOString() } : null,
  };
}
