import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, type EndedPaymentStatus, type PaymentStatus } from '@kettle/shared';

/** How a status looks: product.md §3 colours 'completed' like succeeded. */
export type StatusTone = 'success' | 'warning' | 'danger' | 'neutral';

const TONES: Record<string, StatusTone> = {
  succeeded: 'success',
  completed: 'success',
  pending: 'warning',
  failed: 'danger',
  // Nothing was charged and the buyer chose it (or let it lapse): no alarm, but never 'Pending'.
  cancelled: 'neutral',
  expired: 'neutral',
  refunded: 'neutral',
};

export const statusTone = (status: string): StatusTone => TONES[status.toLowerCase()] ?? 'neutral';

const knownStatus = (status: string): PaymentStatus | undefined => PAYMENT_STATUSES.find((known) => known === status);

/** The label Transactions and the CSV show: the shared one, or the word capitalised (e.g. 'completed'). */
export function statusLabel(status: string): string {
  const known = knownStatus(status.toLowerCase());
  if (known) return PAYMENT_STATUS_LABELS[known];
  return status ? status.charAt(0).toUpperCase() + status.slice(1).toLowerCase() : 'Unknown';
}

/** What the result pages say about a checkout that ended unpaid. */
export const ENDED_CHECKOUT: Record<EndedPaymentStatus, { title: string; text: string }> = {
  failed: { title: 'Payment Declined', text: 'This checkout was declined. Nothing was charged.' },
  cancelled: { title: 'Checkout Cancelled', text: 'This checkout was cancelled. Nothing was charged.' },
  expired: { title: 'Checkout Expired', text: 'This checkout has expired. Nothing was charged.' },
};
