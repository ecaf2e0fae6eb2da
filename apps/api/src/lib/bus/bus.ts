/**
 * Fan-out of realtime events between API processes (architecture.md, Realtime). Publishers
 * call `publish(topic, message)`; every process with a subscriber on the topic receives it.
 * Messages are JSON-serialisable; delivery is best effort, so streams resume from the
 * post_events table, never from the bus (reliability plan: brokers keep nothing for a listener
 * that was away).
 */
export type BusListener = (message: unknown) => void;

/** Told when the bus may have dropped messages sent since `since` (a broker connection came back). */
export type ResyncListener = (since: Date) => void;

export type Bus = {
  /** Never rejects: a broker failure is logged, and readers catch up from the stored log. */
  publish: (topic: string, message: unknown) => Promise<void>;
  /**
   * Resolves once messages published on the topic from now on reach `listener` (for Redis: the
   * SUBSCRIBE is acknowledged), so a caller can read the stored log afterwards without a gap.
   * Resolves to the unsubscribe function.
   */
  subscribe: (topic: string, listener: BusListener) => Promise<() => void>;
  /** Returns the function that removes the listener. */
  onResync: (listener: ResyncListener) => () => void;
  close: () => Promise<void>;
};
