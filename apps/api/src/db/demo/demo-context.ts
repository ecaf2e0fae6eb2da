import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { createMemoryBus } from '../../lib/bus/memory-bus.js';
import type { Mailer } from '../../lib/mailer/mailer.js';
import { createRateLimits } from '../../lib/rate-limit.js';
import type { Tx } from '../client.js';

/**
 * The demo's made-up past happened to fictional addresses: approvals and reports from weeks
 * ago send no mail (a real mailer would fill the dev mailbox with stale notices).
 */
const pastMailer: Mailer = {
  send: async () => undefined,
  retryPending: async () => undefined,
  flush: async () => undefined,
};

/**
 * The app's context with every service pointed at the seeding transaction, so the whole demo
 * commits at once or not at all. The demo's purchases go through Kettle's own dev checkout
 * (the same signed-notification path as Stripe's webhook) even when Stripe is configured, its
 * rate limits are its own, and realtime events reach no open stream (there is none yet).
 */
export function demoContext(ctx: AppContext, tx: Tx, log: FastifyBaseLogger): AppContext {
  return {
    ...ctx,
    db: tx,
    mailer: pastMailer,
    limits: createRateLimits({ prefix: 'kettle-demo' }),
    bus: createMemoryBus({ log }),
    payments: { ...ctx.payments, active: ctx.payments.of('dev') },
  };
}
