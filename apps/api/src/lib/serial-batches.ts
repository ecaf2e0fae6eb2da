/**
 * Calls that share one statement, a few batches at a time (docs/performance.md P3, P6). A spend is a
 * write: alone, each paid its own round trip, its own transaction and its own wait for the log on
 * disk, which cost more than the spend itself (coins/spend-batches.ts). The signed-in readers of a
 * list page share one read of their flags the same way, with no limit on batches out
 * (posts/reading/reader-pages.ts). The calls that arrive while `out` batches are out wait and go together
 * in the next, so the batch grows with the load.
 *
 * A call names what its write locks (`holds`, e.g. the reader's account). No two calls holding the
 * same thing are out at once, in one batch or in two: one statement cannot update a row twice,
 * and two batches out together then never wait on each other's rows (so never deadlock on them).
 * The later call waits for the earlier's batch to end and then sees its work, as if it had come
 * after it. When `send` throws, every call of that batch fails with the error; it should retry
 * itself what can be retried (its statement rolled back whole). When the error says the database
 * is away (`failsWaiting`), the calls waiting fail with it too: each would otherwise wait for the
 * batches out to fail and then for its own, twice the bound a call alone would have.
 */
export type SerialBatches<K, V> = (key: K) => Promise<V>;

type Waiting<K, V> = {
  key: K;
  holds: readonly string[];
  resolve: (value: V) => void;
  reject: (error: unknown) => void;
};

export function serialBatches<K, V>(options: {
  /** One answer per key, in the keys' order. */
  send: (keys: K[]) => Promise<V[]>;
  holds: (key: K) => readonly string[];
  /** Most calls in a batch. */
  max: number;
  /** Most batches out at once. */
  out: number;
  failsWaiting?: (error: unknown) => boolean;
}): SerialBatches<K, V> {
  let waiting: Waiting<K, V>[] = [];
  /** What the batches out hold. */
  const held = new Set<string>();
  let out = 0;
  let scheduled = false;

  /** The oldest calls that may go now, up to `max`; the rest keep their places. */
  const nextBatch = (): Waiting<K, V>[] => {
    const batch: Waiting<K, V>[] = [];
    const later: Waiting<K, V>[] = [];
    for (const call of waiting) {
      if (batch.length < options.max && !call.holds.some((thing) => held.has(thing))) {
        batch.push(call);
        for (const thing of call.holds) held.add(thing);
      } else {
        later.push(call);
      }
    }
    waiting = later;
    return batch;
  };

  const send = async (): Promise<void> => {
    scheduled = false;
    const batch = nextBatch();
    // Every call waiting holds what a batch out holds: the end of that batch sends them.
    if (batch.length === 0) return;
    out += 1;
    schedule();
    try {
      const answers = await options.send(batch.map((call) => call.key));
      batch.forEach((call, index) => call.resolve(answers[index] as V));
    } catch (error) {
      for (const call of batch) call.reject(error);
      if (options.failsWaiting?.(error)) {
        const failed = waiting;
        waiting = [];
        for (const call of failed) call.reject(error);
      }
    } finally {
      out -= 1;
      for (const call of batch) for (const thing of call.holds) held.delete(thing);
      schedule();
    }
  };

  // From the loop's check phase: the calls that arrived in the same turn go with the first.
  const schedule = (): void => {
    if (scheduled || out >= options.out || waiting.length === 0) return;
    scheduled = true;
    setImmediate(() => void send());
  };

  return (key) =>
    new Promise<V>((resolve, reject) => {
      waiting.push({ key, holds: options.holds(key), resolve, reject });
      schedule();
    });
}
