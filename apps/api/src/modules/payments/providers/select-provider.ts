import type { Config } from '../../../config.js';
import { providerNotConfigured } from '../payment-errors.js';
import { createDevProvider } from './dev-provider.js';
import type { PaymentProviders } from './payment-provider.js';
import { createStripeProvider } from './stripe-provider.js';

/**
 * Stripe when both of its keys are configured; otherwise Kettle's own dev checkout. Chosen once
 * at start-up. The dev provider is made either way: a subscription row keeps the provider it was
 * made with, and dev rows left from before Stripe was configured are still managed by the dev
 * provider, while Stripe rows on a server without Stripe keys have no provider to answer them.
 */
export function createPaymentProviders(config: Config, serverSecret: string): PaymentProviders {
  const dev = createDevProvider({ appOrigin: config.appOrigin, serverSecret });
  const stripe = config.stripe ? createStripeProvider(config, config.stripe) : undefined;
  return {
    active: stripe ?? dev,
    of: (name) => {
      if (name === 'dev') return dev;
      if (!stripe) throw providerNotConfigured();
      return stripe;
    },
  };
}
