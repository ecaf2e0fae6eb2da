import type { IncomingHttpHeaders } from 'node:http';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { paymentEvents } from '../../db/schema.js';
import { handleSubscriptionEvent, isSubscriptionEventType } from '../subscriptions/subscription-events.js';
import {
  assertSessionMatches,
  coinsForAmount,
  failPurchase,
  fulfilPurchase,
  reversePurchase,
} from './fulfilment.service.js';
import type { ProviderEvent } from './providers/payment-provider.js';
import { chargeOf, checkoutSessionOf, disputeOf } from './providers/provider-objects.js';
import { findPurchaseByPaymentIntent, findPurchaseBySession } from './purchases.repository.js';

export type NotificationResult = { received: true; duplicate: boolean };

/** Checkout session events about a one-off coin bundle (subscription checkouts pay by invoice). */
async function onCheckoutSession(ctx: AppContext, tx: Tx, event: ProviderEvent): Promise<void> {
  const session = checkoutSessionOf(event.object);
  if (session.mode !== null && session.mode !== 'payment') return;
  const purchase = await findPurchaseBySession(tx, ctx.payments.name, session.id);
  // Not one of ours (another integration on the same account): acknowledged, nothing to do.
  if (!purchase) return;
  switch (event.type) {
    case 'checkout.session.completed':
      // Card payments arrive paid; delayed methods complete unpaid and report later (the
      // session must still be ours: a tampered one is refused either way).
      if (session.paymentStatus === 'paid') await fulfilPurchase(tx, purchase, session);
      else assertSessionMatches(purchase, session);
      return;
    case 'checkout.session.async_payment_succeeded':
      await fulfilPurchase(tx, purchase, session);
      return;
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      await failPurchase(tx, purchase, session);
      return;
  }
}

/** Refunds and disputes take coins back (see reversePurchase); charges that are not ours are ignored. */
async function onChargeReversal(ctx: AppContext, tx: Tx, event: ProviderEvent): Promise<void> {
  if (event.type === 'charge.refunded') {
    const charge = chargeOf(event.object);
    if (!charge.paymentIntentId) return;
    const purchase = await findPurchaseByPaymentIntent(tx, ctx.payments.name, charge.paymentIntentId);
    if (!purchase) return;
    const target = charge.refunded ? purchase.totalCoins : coinsForAmount(purchase, charge.amountRefunded);
    await reversePurchase(tx, purchase, target, 'refunded');
    return;
  }
  const dispute = disputeOf(event.object);
  if (!dispute.paymentIntentId) return;
  const purchase = await findPurchaseByPaymentIntent(tx, ctx.payments.name, dispute.paymentIntentId);
  if (!purchase) return;
  // The disputed amount is withdrawn on top of any refund already made.
  const target = purchase.coinsReversed + coinsForAmount(purchase, dispute.amount);
  await reversePurchase(tx, purchase, target, 'disputed');
}

async function dispatch(ctx: AppContext, tx: Tx, event: ProviderEvent): Promise<void> {
  if (event.type.startsWith('checkout.session.')) return onCheckoutSession(ctx, tx, event);
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
): Promise<NotificationResult> {
  const event = ctx.payments.parseNotification(rawBody, headers);
  return ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ provider: ctx.payments.name, eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!fresh) return { received: true, duplicate: true } as const;
    await dispatch(ctx, tx, event);
    return { received: true, duplicate: false } as const;
  });
}
