import type { Config } from '../../../config.js';
import { createDevProvider } from './dev-provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { createStripeProvider } from './stripe-provider.js';

/** Stripe when both of its keys are configured; otherwise Kettle's own dev checkout. Chosen once at start-up. */
export function createPaymentProvider(config: Config, serverSecret: string): PaymentProvider {
  return config.stripe
    ? createStripeProvider({ appOrigin: config.appOrigin, settings: config.stripe })
    : createDevProvider({ appOrigin: config.appOrigin, serverSecret });
}
