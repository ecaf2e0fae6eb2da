import {
  isEndedPaymentStatus,
  type DevCheckout,
  type DevCheckoutAction,
  type DevCheckoutResult,
  type PaymentStatus,
  type Plan,
} from '@kettle/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/rows.js';
import { ownPurchaseBySession } from './checkout.service.js';
import { devCheckoutExpired, expireAbandonedDevCheckouts } from './dev-expiry.js';
import { receiveNotification } from './webhook-events.service.js';
import { checkoutClosed, paymentConflict } from './payment-errors.js';
import { planKeyFrom, pricedPlan } from './plans.js';
import { DEV_SIGNATURE_HEADER, devObjectId, devSigningKey, signDevNotification } from './providers/dev-provider.js';
import type { PurchaseRow } from './purchases.repository.js';

const successUrl = (ctx: AppContext, sessionId: string) =>
  `${ctx.config.appOrigin}/payment/success?session_id=${encodeURIComponent(sessionId)}`;
/** The plan rides along so the cancelled page's Try Again can start the same bundle again. */
const cancelUrl = (ctx: AppContext, purchase: PurchaseRow) =>
  `${ctx.config.appOrigin}/payment/cancelled?plan=${encodeURIComponent(purchase.planId)}`;

/** A declined card lands on its own page, which names the bundle so Try Again can start it afresh. */
const failedUrl = (ctx: AppContext, purchase: PurchaseRow) =>
  `${ctx.config.appOrigin}/payment/failed?session_id=${encodeURIComponent(purchase.providerSessionId)}&plan=${encodeURIComponent(purchase.planId)}`;

/** What each button does, in Stripe's event vocabulary, and the state it leaves the purchase in. */
const ACTIONS: Record<DevCheckoutAction, { type: string; paid: boolean; outcome: PaymentStatus }> = {
  pay: { type: 'checkout.session.completed', paid: true, outcome: 'succeeded' },
  decline: { type: 'checkout.session.async_payment_failed', paid: false, outcome: 'failed' },
  // Kettle's own event: Stripe says nothing when a buyer goes back (see webhook-events.service.ts).
  cancel: { type: 'checkout.session.cancelled', paid: false, outcome: 'cancelled' },
};

/** The bundle as this purchase bought it (the row's coins and price, which came from our table). */
function planOf(purchase: PurchaseRow): Plan {
  const key = planKeyFrom(purchase.planId);
  return {
    name: key ? pricedPlan(key).name : purchase.planId,
    coins: purchase.coins,
    bonus_coins: purchase.bonusCoins,
    price: purchase.amountCents / 100,
    currency: purchase.currency,
    plan_id: `${purchase.planId}_plan`,
  };
}

/** What Kettle's checkout page shows before Pay / Decline / Cancel; the purchase's owner only. */
export async function devCheckoutPage(ctx: AppContext, user: UserRow, sessionId: string): Promise<DevCheckout> {
  // Past its life the page says it has expired rather than offering a Pay that would be refused.
  await expireAbandonedDevCheckouts(ctx.db, Date.now(), user.id);
  const purchase = await ownPurchaseBySession(ctx, user, sessionId);
  return {
    session_id: sessionId,
    plan: planOf(purchase),
    total_coins: purchase.totalCoins,
    payment_status: purchase.status,
    success_url: successUrl(ctx, sessionId),
    cancel_url: cancelUrl(ctx, purchase),
  };
}

/**
 * The notification a real provider would send for this session, in Stripe's shapes: a paid
 * `checkout.session.completed`, `async_payment_failed` for a declined card, or Kettle's own
 * `checkout.session.cancelled` for Cancel.
 */
export function devCheckoutEvent(purchase: PurchaseRow, action: DevCheckoutAction) {
  const { type, paid } = ACTIONS[action];
  return {
    id: devObjectId('evt'),
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: purchase.providerSessionId,
        object: 'checkout.session',
        mode: 'payment',
        client_reference_id: purchase.id,
        metadata: { purchase_id: purchase.id, user_id: purchase.userId, plan: purchase.planId },
        payment_status: paid ? 'paid' : 'unpaid',
        status: action === 'cancel' ? 'expired' : 'complete',
        amount_total: purchase.amountCents,
        currency: purchase.currency,
        payment_intent: paid ? devObjectId('pi') : null,
        created: Math.floor((purchase.providerCreatedAt ?? purchase.createdAt).getTime() / 1000),
      },
    },
  };
}

/** Why a settled checkout refuses another button: ended ones say how they ended. */
const settledRefusal = (status: PaymentStatus) =>
  isEndedPaymentStatus(status) ? checkoutClosed(status) : paymentConflict();

/**
 * Pay, Decline or Cancel on Kettle's checkout page. Nothing is credited here: the outcome is
 * signed with the server's key and handed to the same notification path as Stripe's webhook
 * (verified the same way), so the dev provider exercises exactly the code that moves real money.
 * Only a pending checkout takes a button; when two race, the one whose outcome did not stick is
 * refused like a late one (a cancelled checkout is never paid, a paid one never cancelled).
 */
export async function settleDevCheckout(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
  action: DevCheckoutAction,
  log?: FastifyBaseLogger,
): Promise<DevCheckoutResult> {
  const purchase = await ownPurchaseBySession(ctx, user, sessionId);
  if (purchase.status !== 'pending') throw settledRefusal(purchase.status);
  // Past its lifetime the checkout has expired, whether or not the sweep has got to it yet.
  if (devCheckoutExpired(purchase.createdAt)) {
    await expireAbandonedDevCheckouts(ctx.db);
    throw settledRefusal((await ownPurchaseBySession(ctx, user, sessionId)).status);
  }
  const body = JSON.stringify(devCheckoutEvent(purchase, action));
  const signature = signDevNotification(devSigningKey(ctx.secret), body);
  await receiveNotification(ctx, Buffer.from(body, 'utf8'), { [DEV_SIGNATURE_HEADER]: signature }, log);
  const settled = await ownPurchaseBySession(ctx, user, sessionId);
  if (settled.status !== ACTIONS[action].outcome) throw settledRefusal(settled.status);
  const redirects = {
    pay: successUrl(ctx, sessionId),
    decline: failedUrl(ctx, settled),
    cancel: cancelUrl(ctx, settled),
  };
  return { redirect_url: redirects[action] };
}
