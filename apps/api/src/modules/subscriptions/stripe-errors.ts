import { PAYMENT_ERROR_CODES, PAYMENT_STATUS_MESSAGES } from '@kettle/shared';
import Stripe from 'stripe';
import { AppError } from '../../lib/app-error.js';

/**
 * A failed Stripe call as the payments catalogue words it (product.md §8): a refused card is 402, a
 * request Stripe rejects 400, anything else (unreachable, Stripe's own errors) a 502.
 */
export function stripeFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new AppError(402, PAYMENT_ERROR_CODES.providerError, PAYMENT_STATUS_MESSAGES[402] ?? '');
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return new AppError(400, PAYMENT_ERROR_CODES.providerError, PAYMENT_STATUS_MESSAGES[400] ?? '');
  }
  return new AppError(502, PAYMENT_ERROR_CODES.providerError, PAYMENT_STATUS_MESSAGES[500] ?? '');
}

/** Runs one Stripe call, turning its failure into our error envelope. */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw stripeFailure(error);
  }
}

/** Stripe refused the request's content (an unknown id, an expired code), as opposed to failing. */
export const isInvalidRequest = (error: unknown): boolean => error instanceof Stripe.errors.StripeInvalidRequestError;
