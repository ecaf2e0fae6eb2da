import type { IncomingHttpHeaders } from 'node:http';
import type { EndedPaymentStatus } from '@kettle/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { paymentEvents } from '../../db/schema.js';
import { handleSubscriptionEvent, isSubscriptionEventType } from '../subscriptions/subscription-events.js';
import {
  assertSessionMatches,
  coinsForAmount,
  endPurchase,
  fulfilPurchase,
  logLatePayment,
  reversePurchase,
} from './fulfilment.service.js';
import type { ProviderEvent } from './providers/payment-provider.js';
import { chargeOf, checkoutSessionOf, disputeOf } from './providers/provider-objects.js';
import { findPurchaseByPaymentIntent, findPurchaseBySession } from './purchases.repository.js';

export type NotificationResult = { received: true; duplicate: boolean };

/** How each unpaid end of a checkout is recorded. */
const ENDING_EVENTS = new Map<string, EndedPaymentStatus>([
  ['checkout.session.async_payment_failed', 'failed'],
  ['checkout.session.expired', 'expired'],
  // Kettle's dev checkout only (its Cancel button): Stripe has no such event. A Stripe buyer who
  // goes back leaves the session open until Stripe expires it.
  ['checkout.session.cancelled', 'cancelled'],
]);

/** Checkout session events about a one-off coin bundle (subscription checkouts pay by invoice). */
async function onCheckoutSession(ctx: AppContext, tx: Tx, event: ProviderEvent, log?: FastifyBaseLogger) {
  const session = checkoutSessionOf(event.object);
  if (session.mode !== null && session.mode !== 'payment') return;
  const purchase = await findPurchaseBySession(tx, ctx.payments.active.name, session.id);
  // Not one of ours (another integration on the same account): acknowledged, nothing to do.
  if (!purchase) return;
  const ending = ENDING_EVENTS.get(event.type);
  if (ending) {
    await endPurchase(tx, purchase, session, ending);
    return;
  }
  if (event.type === 'checkout.session.completed' && session.paymentStatus !== 'paid') {
    // Delayed methods complete unpaid and report later (the session must still be ours: a
    // tampered one is refused either way).
    assertSessionMatches(purchase, session);
    return;
  }
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') return;
  const outcome = await fulfilPurchase(tx, purchase, session, event.id);
  if (outcome === 'late') {
    const { paymentIntentId } = session;
    logLatePayment(log, { purchaseId: purchase.id, sessionId: session.id, paymentIntentId, eventId: event.id });
  }
}

/** Refunds and disputes take coins back (see reversePurchase); charges that are not ours are ignored. */
async function onChargeReversal(ctx: AppContext, tx: Tx, event: ProviderEvent): Promise<void> {
  if (event.type === 'charge.refunded') {
    const charge = chargeOf(event.object);
    if (!charge.paymentIntentId) return;
    const purchase = await findPurchaseByPaymentIntent(tx, ctx.payments.active.name, charge.paymentIntentId);
    if (!purchase) return;
    const target = charge.refunded ? purchase.totalCoins : coinsForAmount(purchase, charge.amountRefunded);
    await reversePurchase(tx, purchase, target, 'refunded');
    return;
  }
  const dispute = disputeOf(event.object);
  if (!dispute.paymentIntentId) return;
  const purchase = await findPurchaseByPaymentIntent(tx, ctx.payments.active.name, dispute.paymentIntentId);
  if (!purchase) return;
  // The disputed amount is withdrawn on top of any refund already made.
  const target = purchase.coinsReversed + coinsForAmount(purchase, dispute.amount);
  await reversePurchase(tx, purchase, target, 'disputed');
}

async function dispatch(ctx: AppContext, tx: Tx, event: ProviderEvent, log?: FastifyBaseLogger): Promise<void> {
  if (event.type.startsWith('checkout.session.')) return onCheckoutSession(ctx, tx, event, log);
  if (event.type === 'charge.refunded' || event.type === 'charge.dispute.created') {
    return onChargeReversal(ctx, tx, event);
  }
  if (isSubscriptionEventType(event.type)) return handleSubscriptionEvent(ctx, tx, event.raw);
  // Any other type is acknowledged so the provider stops sending it.
}

/**
 * The one notification path, for Stripe's webhook and the dev checkout alike: verify the
 * signature over the raw bytes, then in one transaction record the event id (a repeat or a
 * concurrent twin finds it taken and changes nothing) and apply it. A refusal (bad signature,
 * tampered session) rolls everything back, event id included, and moves no coins.
 */
export async function receiveNotification(
  ctx: AppContext,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
  log?: FastifyBaseLogger,
): Promise<NotificationResult> {
  const event = ctx.payments.active.parseNotification(rawBody, headers);
  return ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ provider: ctx.payments.active.name, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!fresh) return { received: true, duplicate: true } as const;
    await dispatch(ctx, tx, event, log);
    return { received: true, duplicate: false } as const;
  });
}
