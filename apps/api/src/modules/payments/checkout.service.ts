import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  MESSAGES,
  type CheckoutSession,
  type CheckoutStatus,
  type PlanKey,
  type TransactionList,
  type TransactionListQuery,
} from '@kettle/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../lib/app-error.js';
import { currentBalance } from '../coins/coins.service.js';
import type { UserRow } from '../../db/rows.js';
import { expireAbandonedDevCheckouts } from './dev-expiry.js';
import { applySessionState, logLatePayment } from './fulfilment.service.js';
import { paymentNotFound, providerUnavailable, tooManyPaymentsText } from './payment-errors.js';
import { pricedPlan } from './plans.js';
import { checkoutSessionOf } from './providers/provider-objects.js';
import {
  findPurchaseBySession,
  insertPurchase,
  listPurchases,
  markEnded,
  setProviderSession,
  UNOPENED_SESSION_PREFIX,
  type PurchaseRow,
} from './purchases.repository.js';
import { toTransaction } from './purchases.presenter.js';

/**
 * Starts a card checkout: the purchase row (pending, coins and price from our table) exists
 * before the provider session does, so no notification can ever arrive for a checkout we do not
 * know. The purchase id is the provider's idempotency key.
 */
export async function createCheckout(
  ctx: AppContext,
  user: UserRow,
  planKey: PlanKey,
  log?: FastifyBaseLogger,
): Promise<CheckoutSession> {
  if (!user.emailVerifiedAt) throw forbidden(MESSAGES.auth.emailNotVerified, ERROR_CODES.emailNotVerified);
  await ctx.limits.hit('checkoutPerUser', user.id, tooManyPaymentsText);
  const plan = pricedPlan(planKey);
  const id = randomUUID();
  const purchase = await insertPurchase(ctx.db, {
    id,
    userId: user.id,
    provider: ctx.payments.active.name,
    // Unique placeholder until the provider names the session (the column is never empty).
    providerSessionId: `${UNOPENED_SESSION_PREFIX}${id}`,
    planId: plan.key,
    coins: plan.coins,
    bonusCoins: plan.bonus_coins,
    totalCoins: plan.totalCoins,
    amountCents: plan.amountCents,
    currency: plan.currency,
    metadata: { plan_name: plan.name },
  });
  let session;
  try {
    session = await ctx.payments.active.checkout.createSession({
      purchaseId: purchase.id,
      userId: user.id,
      plan: plan.key,
      planName: plan.name,
      totalCoins: plan.totalCoins,
      amountCents: plan.amountCents,
      currency: plan.currency,
    });
  } catch (error) {
    // The customer never saw a payment page: the attempt is over, and says so in the history.
    log?.error({ err: error, purchaseId: purchase.id }, 'payment provider refused to open a checkout session');
    await markEnded(ctx.db, purchase.id, 'failed');
    throw providerUnavailable();
  }
  await setProviderSession(ctx.db, purchase.id, session);
  return { session_id: session.sessionId, url: session.url };
}

/** A session's purchase, for its owner only: anyone else gets the same 404 as an unknown id. */
export async function ownPurchaseBySession(ctx: AppContext, user: UserRow, sessionId: string): Promise<PurchaseRow> {
  const purchase = await findPurchaseBySession(ctx.db, ctx.payments.active.name, sessionId);
  if (!purchase || purchase.userId !== user.id) throw paymentNotFound();
  return purchase;
}

/**
 * The success page's question: are the coins in? While the purchase is pending and the provider
 * keeps its own record (Stripe), ask it and fulfil through the same exactly-once step as the
 * notification, so whichever arrives first credits and the other finds nothing to do.
 */
export async function checkoutStatus(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
  log?: FastifyBaseLogger,
): Promise<CheckoutStatus> {
  await expireAbandonedDevCheckouts(ctx.db, Date.now(), user.id);
  let purchase = await ownPurchaseBySession(ctx, user, sessionId);
  if (purchase.status === 'pending') {
    // The provider being unreachable is no error for this page: it answers 'pending' and asks
    // again, and the notification credits the coins meanwhile.
    const remote = await ctx.payments.active.checkout.retrieveSession(sessionId).catch((err: unknown) => {
      log?.warn({ err, sessionId }, 'could not read the checkout session from the payment provider');
      return null;
    });
    if (remote) {
      const session = checkoutSessionOf(remote);
      const outcome = await ctx.db.transaction((tx) => applySessionState(tx, purchase, session));
      if (outcome === 'late') {
        logLatePayment(log, { purchaseId: purchase.id, sessionId, paymentIntentId: session.paymentIntentId });
      }
      purchase = await ownPurchaseBySession(ctx, user, sessionId);
    }
  }
  return {
    session_id: sessionId,
    payment_status: purchase.status,
    plan_id: purchase.planId,
    total_coins: purchase.totalCoins,
    coin_balance: await currentBalance(ctx.db, user.id),
  };
}

export async function listTransactions(
  ctx: AppContext,
  user: UserRow,
  query: TransactionListQuery,
): Promise<TransactionList> {
  // The sweep runs every few minutes; the buyer's own list never shows one past its life as pending.
  await expireAbandonedDevCheckouts(ctx.db, Date.now(), user.id);
  const { rows, total } = await listPurchases(ctx.db, user.id, query);
  return {
    data: rows.map(toTransaction),
    metadata: { total_elements: total, skip: query.skip, limit: query.limit },
  };
}
