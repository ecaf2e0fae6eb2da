import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import type { Config, StripeSettings } from '../../../config.js';
import { createStripeClient } from '../../../lib/stripe/client.js';
import { createStripeBilling } from '../../subscriptions/stripe-billing.js';
import { invalidSignature } from '../payment-errors.js';
import type { CheckoutOrder, PaymentProvider } from './payment-provider.js';
import { toProviderEvent } from './provider-objects.js';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

function lineItem(order: CheckoutOrder, priceId: string | undefined): Stripe.Checkout.SessionCreateParams.LineItem {
  if (priceId) return { price: priceId, quantity: 1 };
  return {
    quantity: 1,
    price_data: {
      currency: order.currency,
      unit_amount: order.amountCents,
      product_data: { name: `${order.planName} bundle: ${order.totalCoins} Tea Coins` },
    },
  };
}

/**
 * Stripe, through the process's one SDK client: Checkout in payment mode for coin bundles, and
 * Stripe Billing for subscriptions (stripe-billing.ts). A bundle's purchase id is the idempotency
 * key, so the SDK's own retries (or ours) can never open a second session for one purchase; the
 * purchase, user and plan ride along as metadata and are checked against our row when the
 * notification comes back.
 */
export function createStripeProvider(
  config: Pick<Config, 'appOrigin' | 'subscriptionPriceIds'>,
  settings: StripeSettings,
): PaymentProvider {
  const { appOrigin } = config;
  const stripe = createStripeClient(settings);
  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    parseNotification: (rawBody: Buffer, headers: IncomingHttpHeaders) => {
      const header = headers[STRIPE_SIGNATURE_HEADER];
      if (typeof header !== 'string' || header.length === 0) throw invalidSignature();
      try {
        // The SDK checks the HMAC over these exact bytes and the timestamp (5-minute tolerance).
        stripe.webhooks.constructEvent(rawBody, header, settings.webhookSecret);
      } catch {
        throw invalidSignature();
      }
      return toProviderEvent(rawBody.toString('utf8'));
    },
    checkout: {
      createSession: async (order) => {
        const metadata = { purchase_id: order.purchaseId, user_id: order.userId, plan: order.plan };
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [lineItem(order, settings.priceIds[order.plan])],
            client_reference_id: order.purchaseId,
            metadata,
            payment_intent_data: { metadata },
            success_url: `${appOrigin}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
            // The plan rides along so the cancelled page's Try Again can start the same bundle again.
            cancel_url: `${appOrigin}/payment/cancelled?plan=${order.plan}`,
          },
          { idempotencyKey: order.purchaseId },
        );
        if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
        return { sessionId: session.id, url: session.url, createdAt: new Date(session.created * 1000) };
      },
      retrieveSession: async (sessionId) => {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        return session as unknown as Record<string, unknown>;
      },
      closeSession: async (sessionId) => {
        try {
          const session = await stripe.checkout.sessions.retrieve(sessionId);
          // If the buyer pays between these two calls, Stripe refuses the expiry and the next round reads it paid.
          const closed = session.status === 'open' ? await stripe.checkout.sessions.expire(sessionId) : session;
          return closed as unknown as Record<string, unknown>;
        } catch (error) {
          if (error instanceof Stripe.errors.StripeError && error.code === 'resource_missing') return 'missing';
          throw error;
        }
      },
    },
    billing: createStripeBilling(stripe, config),
  };
}
