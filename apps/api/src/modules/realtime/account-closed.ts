import { ACCOUNT_CLOSED_TOPIC, closedAccountOf } from '../../lib/account-closed.js';
import type { Bus } from '../../lib/bus/bus.js';
import type { RealtimeHub } from './realtime-hub.js';

/**
 * Ends this process's streams of each closed account. Not awaited at start: a Redis bus waits for
 * its broker without a deadline, and the server must start without it. Returns the unsubscribe.
 */
export function endStreamsOfClosedAccounts(bus: Bus, hub: Pick<RealtimeHub, 'endStreamsOf'>): () => void {
  let unsubscribe: (() => void) | null = null;
  let stopped = false;
  bus
    .subscribe(ACCOUNT_CLOSED_TOPIC, (message) => {
      const userId = closedAccountOf(message);
      if (userId) hub.endStreamsOf(userId);
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
