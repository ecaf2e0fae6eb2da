import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { expirePendingBefore } from './purchases.repository.js';

/** As long as a Stripe Checkout session stays open by default: then an untouched dev checkout expires. */
export const DEV_CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

export const devCheckoutExpired = (createdAt: Date, now = Date.now()): boolean =>
  now - createdAt.getTime() >= DEV_CHECKOUT_LIFETIME_MS;

/**
 * Dev checkouts left without a button pressed (the tab closed) would stay 'Pending' for ever: no
 * provider expires them, so this does what Stripe does after a day. Conditional from pending, so
 * it never touches a paid or ended one.
 */
export const expireAbandonedDevCheckouts = (db: DbOrTx, now = Date.now()): Promise<number> =>
  expirePendingBefore(db, 'dev', new Date(now - DEV_CHECKOUT_LIFETIME_MS));

/** Runs the expiry every few minutes; the timer never keeps the process alive. Returns a stop that waits. */
export function startDevCheckoutExpiry(db: DbOrTx, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = expireAbandonedDevCheckouts(db)
      .then((n) => {
        if (n > 0) log.info({ expired: n }, 'payments: abandoned dev checkouts expired');
      })
      .catch((err: unknown) => log.warn({ err }, 'payments: dev checkout expiry failed'))
      .finally(() => {
        running = null;
      });
  }, SWEEP_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
