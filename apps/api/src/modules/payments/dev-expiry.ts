import type { DbOrTx } from '../../db/client.js';
import { expirePendingBefore } from './purchases.repository.js';

/** As long as a Stripe Checkout session stays open by default: then an untouched dev checkout expires. */
export const DEV_CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const devCheckoutExpired = (createdAt: Date, now = Date.now()): boolean =>
  now - createdAt.getTime() >= DEV_CHECKOUT_LIFETIME_MS;

/**
 * Dev checkouts left without a button pressed (the tab closed) would stay 'Pending' for ever: no
 * provider expires them, so this does what Stripe does after a day. Conditional from pending, so
 * it never touches a paid or ended one. With `userId`, only that buyer's (before showing them).
 */
export const expireAbandonedDevCheckouts = (db: DbOrTx, now = Date.now(), userId?: string): Promise<number> =>
  expirePendingBefore(db, 'dev', new Date(now - DEV_CHECKOUT_LIFETIME_MS), userId);
