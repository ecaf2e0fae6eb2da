import Stripe from 'stripe';
import type { StripeSettings } from '../../config.js';

/** Where the SDK sends requests: Stripe itself, or STRIPE_API_URL (a test server speaking Stripe's API). */
export function stripeAddress(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/**
 * The one Stripe client of the process, made by the Stripe payment provider at start-up and
 * shared by its coin checkout and its billing. The SDK keeps its pinned API version, so the
 * shapes we read match its types; retries reuse the idempotency key we pass, so a retried create
 * cannot open a second session.
 */
export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    ...stripeAddress(settings.apiUrl),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Kettle' },
  });
}
