import { MESSAGES, PAYMENT_STATUS_MESSAGES, STATUS_FALLBACK } from '@kettle/shared';
import { ApiError } from './api-client';

const GENERAL_TEXTS = new Set(Object.values(STATUS_FALLBACK));

/** The §8 Payments text for a status; 5xx and unknown statuses read as a payment server error. */
export const paymentStatusMessage = (status: number): string =>
  PAYMENT_STATUS_MESSAGES[status] ?? PAYMENT_STATUS_MESSAGES[500] ?? MESSAGES.requestFailed;

/**
 * product.md §8 'Payments': a payment call that fails says the payments text for its status instead of
 * the general one. A specific answer from the server (the account is frozen, the session has
 * expired) is kept, because it says more than the table can.
 */
export function paymentErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.requestFailed;
  const specific = error.message && !GENERAL_TEXTS.has(error.message);
  if (specific) return error.message;
  if (PAYMENT_STATUS_MESSAGES[error.status] || error.status >= 500) return paymentStatusMessage(error.status);
  return error.message || MESSAGES.requestFailed;
}

/** 4xx answers will not change on retry; anything else gets the one retry product.md §7 allows. */
export const retryOnce = (failureCount: number, error: unknown): boolean =>
  failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);
