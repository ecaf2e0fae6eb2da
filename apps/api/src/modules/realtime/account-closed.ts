import type { AppContext } from '../../context.js';
import type { Bus } from '../../lib/bus/bus.js';
import type { RealtimeHub } from './realtime-hub.js';

/** Every process hears this topic: an account that may no longer read has its live streams ended. */
export const ACCOUNT_CLOSED_TOPIC = 'accounts:closed';

type AccountClosed = { user_id: string };

const asAccountClosed = (message: unknown): AccountClosed | null =>
  typeof message === 'object' && message !== null && typeof (message as AccountClosed).user_id === 'string'
    ? (message as AccountClosed)
    : null;

/**
 * Called once a ban, deactivation or deletion has committed. A stream checks the account only when
 * it opens, so without this it would keep carrying comments to an account that may no longer
 * read them. The bus never rejects; a message lost to a broker outage leaves a stream that the
 * next reconnect refuses (the account is read again then).
 */
export async function announceAccountClosed(ctx: Pick<AppContext, 'bus'>, userId: string): Promise<void> {
  await ctx.bus.publish(ACCOUNT_CLOSED_TOPIC, { user_id: userId } satisfies AccountClosed);
}

/**
 * Ends this process's streams of each closed account. Not awaited at start: a Redis bus waits for
 * its broker without a deadline, and the server must start without it. Returns the unsubscribe.
 */
export function endStreamsOfClosedAccounts(bus: Bus, hub: Pick<RealtimeHub, 'endStreamsOf'>): () => void {
  let unsubscribe: (() => void) | null = null;
  let stopped = false;
  bus
    .subscribe(ACCOUNT_CLOSED_TOPIC, (message) => {
      const closed = asAccountClosed(message);
      if (closed) hub.endStreamsOf(closed.user_id);
    })
    .then(
      (off) => {
        if (stopped) off();
        else unsubscribe = off;
      },
      () => undefined,
    );
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}
