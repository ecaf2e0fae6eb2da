import type { DevCheckout, DevCheckoutResult, Plan } from '@kettle/shared';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../users/users.presenter.js';
import { ownPurchaseBySession } from './checkout.service.js';
import { receiveNotification } from './notifications.service.js';
import { paymentConflict } from './payment-errors.js';
import { planKeyFrom, pricedPlan } from './plans.js';
import { DEV_SIGNATURE_HEADER, devObjectId, devSigningKey, signDevNotification } from './providers/dev-provider.js';
import type { PurchaseRow } from './purchases.repository.js';

export type DevCheckoutAction = 'pay' | 'decline';

const successUrl = (ctx: AppContext, sessionId: string) =>
  `${ctx.config.appOrigin}/payment/success?session_id=${encodeURIComponent(sessionId)}`;
const cancelUrl = (ctx: AppContext) => `${ctx.config.appOrigin}/payment/cancelled`;

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
  const purchase = await ownPurchaseBySession(ctx, user, sessionId);
  return {
    session_id: sessionId,
    plan: planOf(purchase),
    total_coins: purchase.totalCoins,
    payment_status: purchase.status,
    success_url: successUrl(ctx, sessionId),
    cancel_url: cancelUrl(ctx),
  };
}

/**
 * The notification a real provider would send for this session, in Stripe's shapes: a paid
 * `checkout.session.completed`, or `async_payment_failed` for a declined card.
 */
export function devCheckoutEvent(purchase: PurchaseRow, action: DevCheckoutAction) {
  const paid = action === 'pay';
  return {
    id: devObjectId('evt'),
    object: 'event',
    type: paid ? 'checkout.session.completed' : 'checkout.session.async_payment_failed',
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
        status: 'complete',
        amount_total: purchase.amountCents,
        currency: purchase.currency,
        payment_intent: paid ? devObjectId('pi') : null,
        created: Math.floor((purchase.providerCreatedAt ?? purchase.createdAt).getTime() / 1000),
      },
    },
  };
}

/**
 * Pay or Decline on Kettle's checkout page. Nothing is credited here: the outcome is signed with
 * the server's key and handed to the same notification path as Stripe's webhook (verified the
 * same way), so the dev provider exercises exactly the code that moves real money.
 */
export async function settleDevCheckout(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
  action: DevCheckoutAction,
): Promise<DevCheckoutResult> {
  const purchase = await ownPurchaseBySession(ctx, user, sessionId);
  if (purchase.status !== 'pending') throw paymentConflict();
  const body = JSON.stringify(devCheckoutEvent(purchase, action));
  const signature = signDevNotification(devSigningKey(ctx.secret), body);
  await receiveNotification(ctx, Buffer.from(body, 'utf8'), { [DEV_SIGNATURE_HEADER]: signature });
  return { redirect_url: action === 'pay' ? successUrl(ctx, sessionId) : cancelUrl(ctx) };
}
