import type { Subscription } from '@kettle/shared';
import { formatMoney } from '@/lib/format-money';

/** '$19.99' from 1999 cents. */
export const formatCents = (cents: number, currency = 'usd'): string => formatMoney(cents / 100, currency);

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
/** 'December 22, 2026'; an em dash when the provider has not said yet. */
export const formatDay = (iso: string | null): string => (iso ? dateFormat.format(new Date(iso)) : '—');

const STATUS_LABELS: Record<Subscription['status'], string> = {
  incomplete: 'Awaiting payment',
  incomplete_expired: 'Expired',
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Payment overdue',
  canceled: 'Ended',
  unpaid: 'Unpaid',
  paused: 'Paused',
};

/** What the badge says: a plan set to cancel is still running, but it will not renew. */
export const statusLabel = (subscription: Subscription): string =>
  subscription.cancel_at_period_end && subscription.status === 'active'
    ? 'Cancels at period end'
    : STATUS_LABELS[subscription.status];
