import { SUBSCRIPTION_STATUSES, type SubscriptionPlanKey, type SubscriptionStatus } from '@kettle/shared';
import type Stripe from 'stripe';
import type { Config } from '../../config.js';
import { isPlanKey, planKeyOfStripePrice } from './plans.js';
import type { ProviderState } from './subscriptions.repository.js';

/** Metadata we write on every Stripe subscription we create or change (server-side only). */
export const STRIPE_METADATA = { user: 'kettle_user_id', plan: 'kettle_plan', kind: 'kettle_kind' } as const;

export const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

const dateOf = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

const statusOf = (status: string): SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(status) ? (status as SubscriptionStatus) : 'incomplete';

/**
 * The plan of a Stripe subscription: its price when that is one of ours (configured id or our
 * lookup key), else the plan key we wrote in its metadata. Coins always come from our table.
 */
export function planKeyOfSubscription(
  config: Pick<Config, 'subscriptionPriceIds'>,
  subscription: Pick<Stripe.Subscription, 'items' | 'metadata'>,
): SubscriptionPlanKey | undefined {
  const price = subscription.items?.data?.[0]?.price;
  const fromPrice = planKeyOfStripePrice(config, price);
  if (fromPrice) return fromPrice;
  const fromMetadata = subscription.metadata?.[STRIPE_METADATA.plan];
  return isPlanKey(fromMetadata) ? fromMetadata : undefined;
}

/** Our row's fields from a Stripe subscription object (an event's payload or an API answer). */
export function stripeSubscriptionState(
  config: Pick<Config, 'subscriptionPriceIds'>,
  userId: string,
  subscription: Stripe.Subscription,
): ProviderState {
  // Since API version 2025-03-31 the period lives on the subscription item.
  const item = subscription.items?.data?.[0];
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  return {
    userId,
    provider: 'stripe',
    providerSubscriptionId: subscription.id,
    planId: planKeyOfSubscription(config, subscription),
    status: statusOf(subscription.status),
    currentPeriodStart: dateOf(item?.current_period_start ?? legacy.current_period_start),
    currentPeriodEnd: dateOf(item?.current_period_end ?? legacy.current_period_end),
    // The portal may cancel with `cancel_at` instead of the flag; both mean "ends, unless resumed".
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end || subscription.cancel_at),
    // Discounts we did not apply (or removed elsewhere) clear our code; a code we applied stays named.
    ...((subscription.discounts?.length ?? 0) === 0 ? { couponCode: null } : {}),
  };
}

/** The subscription an invoice bills (the `parent` of API versions since 2025-03-31, or the old field). */
export function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | undefined {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription);
  if (fromParent) return fromParent;
  return idOf((invoice as unknown as { subscription?: string | { id: string } | null }).subscription);
}

/** The invoice line of the subscription's item: its period and price. */
export function subscriptionLineOfInvoice(invoice: Stripe.Invoice): Stripe.InvoiceLineItem | undefined {
  const lines = invoice.lines?.data ?? [];
  return lines.find((line) => line.parent?.type === 'subscription_item_details') ?? lines[0];
}

export function invoicePeriod(invoice: Stripe.Invoice): { start: Date | null; end: Date | null } {
  const line = subscriptionLineOfInvoice(invoice);
  return {
    start: dateOf(line?.period?.start ?? invoice.period_start),
    end: dateOf(line?.period?.end ?? invoice.period_end),
  };
}

/** The plan an invoice paid for: its price when configured, else our metadata snapshot on the invoice. */
export function planKeyOfInvoice(
  config: Pick<Config, 'subscriptionPriceIds'>,
  invoice: Stripe.Invoice,
): SubscriptionPlanKey | undefined {
  const line = subscriptionLineOfInvoice(invoice);
  const fromPrice = planKeyOfStripePrice(config, line?.pricing?.price_details?.price ?? null);
  if (fromPrice) return fromPrice;
  const fromMetadata = invoice.parent?.subscription_details?.metadata?.[STRIPE_METADATA.plan];
  return isPlanKey(fromMetadata) ? fromMetadata : undefined;
}
