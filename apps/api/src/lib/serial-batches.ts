/**
 * Calls that share one statement, one batch at a time (performance.md P6). A spend is a write:
 * alone, each paid its own round trip, its own transaction and its own wait for the log on disk,
 * which cost more than the spend itself. Here the calls that arrive while a batch is out wait for
 * it and go together in the next, so the batch grows with the load and the database has one such
 * statement at a time from this process: two batches of one server never wait on each other's rows.
 *
 * A call names what its write locks (`holds`, e.g. the reader's account): two calls holding the
 * same thing never share a batch, since one statement cannot update a row twice; the later one
 * waits for the next batch and then sees the first one's work, as if it had come after it. When
 * `send` throws, every call of that batch fails with the error; it should retry itself what can
 * be retried (its statement rolled back whole).
 */
export type SerialBatches<K, V> = (key: K) => Promise<V>;

type Waiting<K, V> = { key: K; resolve: (value: V) => void; reject: (error: unknown) => void };

export function serialBatches<K, V>(options: {
  /** One answer per key, in the keys' order. */
  send: (keys: K[]) => Promise<V[]>;
  holds: (key: K) => readonly string[];
  max: number;
}): SerialBatches<K, V> {
  let waiting: Waiting<K, V>[] = [];
  let out = false;

  /** The oldest calls that may go together, up to `max`; the rest keep their places. */
  const nextBatch = (): Waiting<K, V>[] => {
    const held = new Set<string>();
    const batch: Waiting<K, V>[] = [];
    const later: Waiting<K, V>[] = [];
    for (const call of waiting) {
      const holds = options.holds(call.key);
      if (batch.length < options.max && !holds.some((thing) => held.has(thing))) {
        batch.push(call);
        for (const thing of holds) held.add(thing);
      } else {
        later.push(call);
      }
    }
    waiting = later;
    return batch;
  };

  const send = async (): Promise<void> => {
    const batch = nextBatch();
    try {
      const answers = await options.send(batch.map((call) => call.key));
      batch.forEach((call, index) => call.resolve(answers[index] as V));
    } catch (error) {
      for (const call of batch) call.reject(error);
    } finally {
      out = false;
      schedule();
    }
  };

  // From the loop's check phase: the calls that arrived in the same turn go with the first.
  const schedule = (): void => {
    if (out || waiting.length === 0) return;
    out = true;
    setImmediate(() => void send());
  };

  return (key) =>
    new Promise<V>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      schedule();
    });
}
