import type { IncomingHttpHeaders } from 'node:http';
import type { PlanKey } from '@kettle/shared';
import type { PAYMENT_PROVIDERS } from '../../../db/schema.js';
import type { SubscriptionBilling } from '../../subscriptions/billing.js';

export type ProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** What a checkout is for: our purchase row, priced from our table. */
export type CheckoutOrder = {
  purchaseId: string;
  userId: string;
  plan: PlanKey;
  planName: string;
  totalCoins: number;
  amountCents: number;
  currency: string;
};

export type CreatedSession = {
  sessionId: string;
  /** Where the browser goes to pay: the provider's hosted page, or Kettle's dev checkout page. */
  url: string;
  createdAt: Date;
};

/**
 * A notification, in Stripe's event vocabulary (the dev provider speaks it too): `type` such as
 * 'checkout.session.completed', and the object it is about. Its fields are checked where they are
 * read (see `provider-objects.ts`), never trusted by shape.
 */
export type ProviderEvent = {
  id: string;
  type: string;
  /** The event as received, for handlers that need more than the object (subscriptions). */
  raw: { id: string; type: string; data: { object: Record<string, unknown> } } & Record<string, unknown>;
  object: Record<string, unknown>;
};

/** A provider's coin-bundle side: one payment per purchase row. */
export interface BundleCheckout {
  createSession(order: CheckoutOrder): Promise<CreatedSession>;
  /**
   * The provider's own record of a checkout session (a Stripe-shaped session object), for the
   * success page racing the notification; null when the provider keeps no state besides ours (dev).
   */
  retrieveSession(sessionId: string): Promise<Record<string, unknown> | null>;
  /**
   * For a session past its life that nobody reported: ends it at the provider if it is still open
   * (so it can never be paid) and answers the session as the provider then has it; 'missing' when
   * the provider has no such session (the dev provider keeps none).
   */
  closeSession(sessionId: string): Promise<Record<string, unknown> | 'missing'>;
}

/**
 * One card provider: coin bundles (checkout) and monthly plans (billing, whose part lives with
 * subscriptions). Fulfilment never depends on which: both report a paid checkout through a
 * signed notification in the same vocabulary.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** Handed to the browser with the plans; null for the dev provider. */
  readonly publishableKey: string | null;
  /**
   * Verifies the signature over the exact bytes received and parses the event; throws a 400
   * (payments message) on a missing, wrong or stale signature, or a body that is not an event.
   */
  parseNotification(rawBody: Buffer, headers: IncomingHttpHeaders): ProviderEvent;
  readonly checkout: BundleCheckout;
  readonly billing: SubscriptionBilling;
}

/** The card providers of the process, chosen once at start-up (select-provider.ts). */
export type PaymentProviders = {
  /** Where new checkouts and subscriptions go, and whose notifications the webhook accepts. */
  readonly active: PaymentProvider;
  /** The provider a subscription row was made with; 503 when this server has no keys for it. */
  of(name: ProviderName): PaymentProvider;
};
