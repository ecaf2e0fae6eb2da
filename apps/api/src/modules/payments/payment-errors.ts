import {
  CHECKOUT_ENDED_MESSAGES,
  ERROR_CODES,
  PAYMENT_ERROR_CODES,
  PAYMENT_STATUS_MESSAGES,
  type EndedPaymentStatus,
} from '@kettle/shared';
import { AppError } from '../../lib/app-error.js';

/** product.md §8's payments table, by status: every payment error speaks its words. */
const text = (status: number): string =>
  PAYMENT_STATUS_MESSAGES[status] ?? 'Payment server error. Please try again later.';

export const paymentNotFound = () => new AppError(404, ERROR_CODES.notFound, text(404));
/** A dev checkout that was already paid. */
export const paymentConflict = () => new AppError(409, ERROR_CODES.conflict, text(409));
/** A checkout that was declined, cancelled or has expired: it says which, and that nothing was charged. */
export const checkoutClosed = (status: EndedPaymentStatus) =>
  new AppError(409, PAYMENT_ERROR_CODES.checkoutClosed, CHECKOUT_ENDED_MESSAGES[status]);
/** The provider could not open a session: 502, with the payments 500 text. */
export const providerUnavailable = () => new AppError(502, PAYMENT_ERROR_CODES.providerError, text(500));
/** A row made under a provider this server has no keys for (Stripe's, on a server without them). */
export const providerNotConfigured = () => new AppError(503, PAYMENT_ERROR_CODES.providerError, text(500));
/** A notification with a missing, wrong or stale signature, or a body that is not an event. */
export const invalidSignature = () => new AppError(400, PAYMENT_ERROR_CODES.invalidSignature, text(400));
/** A session whose purchase, user, plan or amount is not our purchase's. */
export const paymentMismatch = () => new AppError(400, PAYMENT_ERROR_CODES.paymentMismatch, text(400));
export const tooManyPaymentsText = text(429);
