import { randomBytes } from 'node:crypto';
import { SUBSCRIPTION_MESSAGES, type DevSubscriptionCheckout } from '@kettle/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { paymentEvents, subscriptions, users } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import { assertEmailVerified } from '../../lib/verified-email.js';
import type { UserRow } from '../../db/rows.js';
import { devPeriodAmountCents, devSubscriptionIdOf, devTokenOf } from './dev-billing.js';
import { grantPeriod } from './grants.js';
import { addMonths, planByKey } from './plans.js';
import {
  findByProviderId,
  findCurrentSubscription,
  LIVE_STATUSES,
  updateSubscription,
  type SubscriptionRow,
} from './subscriptions.repository.js';

const checkoutNotFound = () => notFound(SUBSCRIPTION_MESSAGES.checkoutNotFound);

const urls = (ctx: AppContext) => ({
  success: `${ctx.config.appOrigin}/account?subscription=success#subscription`,
  cancel: `${ctx.config.appOrigin}/account?subscription=cancelled#subscription`,
});

/** The dev provider's notifications, recorded like Stripe's so webhook/status reads the same table. */
async function recordDevEvent(tx: Tx, type: string): Promise<void> {
  await tx
    .insert(paymentEvents)
    .values({ provider: 'dev', eventId: `evt_dev_${randomBytes(12).toString('hex')}`, type });
}

/**
 * One dev period paid: the invoice id is the subscription's token and the period's start, so
 * granting the same period twice (a double click, a retried request) credits once.
 */
async function grantDevPeriod(tx: Tx, row: SubscriptionRow): Promise<void> {
  const plan = planByKey(row.planId);
  if (!plan || !row.currentPeriodStart) return;
  await grantPeriod(tx, {
    subscription: row,
    plan,
    invoiceId: `in_dev_${devTokenOf(row)}_${row.currentPeriodStart.getTime()}`,
    amountCents: devPeriodAmountCents(plan, row.couponCode),
    currency: plan.currency,
    periodStart: row.currentPeriodStart,
    periodEnd: row.currentPeriodEnd,
  });
  await recordDevEvent(tx, 'invoice.paid');
}

/** Dev checkouts exist only while the dev provider is the provider: one left over from then pays nothing now. */
function assertDevProvider(ctx: AppContext): void {
  if (ctx.payments.active.name !== 'dev') throw forbidden(SUBSCRIPTION_MESSAGES.devOnly);
}

async function ownCheckout(ctx: AppContext, user: UserRow, sessionId: string): Promise<SubscriptionRow> {
  assertDevProvider(ctx);
  const providerId = devSubscriptionIdOf(sessionId);
  const row = providerId ? await findByProviderId(ctx.db, 'dev', providerId) : undefined;
  // Someone else's checkout is answered like a missing one.
  if (!row || row.userId !== user.id) throw checkoutNotFound();
  return row;
}

export async function getDevCheckout(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
): Promise<DevSubscriptionCheckout> {
  const row = await ownCheckout(ctx, user, sessionId);
  const plan = planByKey(row.planId);
  if (!plan) throw checkoutNotFound();
  const status = row.status === 'incomplete' ? 'open' : row.status === 'incomplete_expired' ? 'expired' : 'complete';
  const { success, cancel } = urls(ctx);
  return { session_id: sessionId, plan, status, success_url: success, cancel_url: cancel };
}

/**
 * Pay starts the subscription and grants its first month; Cancel closes the checkout. The
 * user's row is locked first, so two checkouts paid at once cannot start two subscriptions;
 * paying a checkout that is already paid answers the same success without a second grant.
 */
export async function actOnDevCheckout(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
  action: 'pay' | 'cancel',
): Promise<{ redirect_url: string }> {
  const { success, cancel } = urls(ctx);
  const found = await ownCheckout(ctx, user, sessionId);
  if (action === 'pay') assertEmailVerified(user);
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, found.id)).for('update');
    if (!row) throw checkoutNotFound();
    if (action === 'cancel') {
      if (row.status === 'incomplete') await updateSubscription(tx, row, { status: 'incomplete_expired' });
      return { redirect_url: cancel };
    }
    if (row.status === 'incomplete_expired') throw conflict(SUBSCRIPTION_MESSAGES.checkoutClosed);
    if (row.status !== 'incomplete') return { redirect_url: success };
    if (await findCurrentSubscription(tx, user.id)) throw conflict(SUBSCRIPTION_MESSAGES.alreadySubscribed);
    const start = new Date();
    const active = await updateSubscription(tx, row, {
      status: 'active',
      currentPeriodStart: start,
      currentPeriodEnd: addMonths(start, 1),
    });
    await grantDevPeriod(tx, active);
    return { redirect_url: success };
  });
}

/**
 * 'Renew now' (dev provider only, the owner only): the current period ends at once. A
 * subscription set to cancel ends; any other starts its next month and is granted its coins.
 */
export async function renewDevSubscription(ctx: AppContext, user: UserRow): Promise<SubscriptionRow> {
  assertDevProvider(ctx);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), inArray(subscriptions.status, [...LIVE_STATUSES])))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1)
      .for('update');
    if (!row) throw notFound(SUBSCRIPTION_MESSAGES.none);
    if (row.provider !== 'dev') throw forbidden(SUBSCRIPTION_MESSAGES.devOnly);
    if (row.cancelAtPeriodEnd) {
      const ended = await updateSubscription(tx, row, { status: 'canceled', cancelAtPeriodEnd: false });
      await recordDevEvent(tx, 'customer.subscription.deleted');
      return ended;
    }
    // The month in progress ends now and the next one starts (the test stand-in for a month passing).
    const start = new Date();
    const renewed = await updateSubscription(tx, row, {
      status: 'active',
      currentPeriodStart: start,
      currentPeriodEnd: addMonths(start, 1),
    });
    await grantDevPeriod(tx, renewed);
    return renewed;
  });
}
