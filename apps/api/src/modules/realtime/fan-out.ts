/**
 * How long one slice of a fan-out may hold the event loop before it yields (P7 allows 15 ms). A
 * write is a socket send, mostly the kernel's: ~15 µs on loopback, up to ~55 µs when the machine
 * is busy, so a fixed count of viewers per slice could not bound the slice. The margin above the
 * budget is for what no code here controls: a GC pause, or the OS running another process.
 */
export const FAN_OUT_BUDGET_MS = 4;

export type SliceOptions = {
  /** Told how long each slice held the event loop, in seconds. */
  onSlice?: (seconds: number) => void;
  /** The clock, in ms (tests pass their own). */
  now?: () => number;
  budgetMs?: number;
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs `each` over `items` in order, yielding to the event loop whenever a slice has spent its
 * budget, so requests and other posts' events are served between slices. Every slice handles at
 * least one item, so the fan-out always progresses.
 */
export async function inSlices<T>(items: readonly T[], each: (item: T) => void, options: SliceOptions = {}) {
  const { onSlice, now = () => performance.now(), budgetMs = FAN_OUT_BUDGET_MS } = options;
  let next = 0;
  while (next < items.length) {
    if (next > 0) await nextTurn();
    const began = now();
    let elapsed = 0;
    do {
      each(items[next++] as T);
      elapsed = now() - began;
    } while (next < items.length && elapsed < budgetMs);
    onSlice?.(elapsed / 1000);
  }
}
