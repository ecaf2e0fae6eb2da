import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { refundExpiredBounties } from './bounty.service.js';

/** Expiry is counted in days; a quarter-hour delay on a refund is not noticeable. */
const SWEEP_EVERY_MS = 15 * 60 * 1000;

/**
 * Refunds expired bounties on a timer that never keeps the process alive. Several servers may
 * sweep at once: each refund is a conditional update, so a bounty is refunded once.
 */
export function startBountySweep(
  ctx: Pick<AppContext, 'db'>,
  log: FastifyBaseLogger,
  options: { everyMs?: number } = {},
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = refundExpiredBounties(ctx, new Date())
      .then((n) => {
        if (n > 0) log.info({ refunded: n }, 'bounties: expired bounties refunded');
      })
      .catch((err: unknown) => log.warn({ err }, 'bounties: expiry sweep failed'))
      .finally(() => {
        running = null;
      });
  }, options.everyMs ?? SWEEP_EVERY_MS);
  timer.unref();
  /** Stops the timer and waits for a sweep in flight, so the database can close after it. */
  return async () => {
    clearInterval(timer);
    await running;
  };
}
