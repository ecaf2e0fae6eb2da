import type { Db } from '../../db/client.js';
import { isDeadlock, isSerializationFailure, uniqueViolationConstraint } from '../../lib/pg-errors.js';
import { serialBatches, type SerialBatches } from '../../lib/serial-batches.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { unavailableCause } from '../../lib/unavailable.js';

/** A reader spending on a tea, as a spend statement for several takes them. */
export type SpendAsked = { readerId: string; postId: string };

/** The readers and teas of a batch, as a spend statement's `readers` and `posts` arrays. */
export const askedArrays = (asked: readonly SpendAsked[]) => ({
  readers: asked.map((a) => a.readerId),
  posts: asked.map((a) => a.postId),
});

/** A spend statement's rows, one per spend in order: undefined where it found no account. */
export const spendOutcomes = <T extends { actor: unknown }>(result: unknown): Array<T | undefined> =>
  rowsOf<T>(result).map((row) => (row.actor === null ? undefined : row));

/** Most spends a statement carries; more wait for the next. */
const MAX_BATCH = 100;
/**
 * Most statements of a kind out at once: with two, the database runs one while the server answers
 * the other's spends and gathers the next, instead of each waiting for the other.
 */
const MAX_OUT = 2;

/**
 * Most runs of a batch's statement while each fails on a race a new run settles. A run lost to
 * a deadlock charged nothing, and losing several in a row takes a burst of writes on the same rows
 * (another server's batches after a restart, say): four runs outlast it, and still end.
 */
const MAX_RUNS = 4;

/** A pause before run `run` of a batch, a few ms and random, so two lost batches do not meet again at once. */
const pauseBefore = (run: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * run));

/**
 * One spend (unlock, vote, comment) in the next statement its database runs for such spends
 * (lib/serial-batches.ts, docs/performance.md P6). A reader is in a batch at most once: the charge
 * updates their row, which one statement does once; their next spend goes in the next batch and
 * sees this one's work. The statement rolls back whole when it fails, so it runs again (up to
 * MAX_RUNS in all) when that was a race a new run settles: another server's twin that broke the
 * spend's primary key (`once`; run again, it finds the twin's row), a deadlock with a write
 * holding a tea and waiting for a reader this batch charged, or a serialization failure (a
 * database whose sessions default to SERIALIZABLE). A connection lost mid-statement is not run
 * again: the statement may have committed, and it answers 503 (lib/unavailable.ts).
 */
export function spendBatches<K extends SpendAsked, V>(options: {
  /** One outcome per spend, in order. */
  statement: (db: Db, asked: K[], adminsNeedTwoFactor: boolean) => Promise<V[]>;
  /** What else a spend holds for its batch (e.g. the voted tea, whose row the vote updates). */
  holds?: (key: K) => string[];
  once?: string;
}): (db: Db, asked: K, adminsNeedTwoFactor: boolean) => Promise<V> {
  const mayRunAgain = (error: unknown): boolean =>
    isDeadlock(error) ||
    isSerializationFailure(error) ||
    (options.once !== undefined && uniqueViolationConstraint(error) === options.once);
  const batchesOf = new WeakMap<Db, Map<boolean, SerialBatches<K, V>>>();
  const make = (db: Db, adminsNeedTwoFactor: boolean): SerialBatches<K, V> => {
    const send = (keys: K[]) => options.statement(db, keys, adminsNeedTwoFactor);
    // Only a failed run pays for this: a statement that succeeds is sent once, as before.
    const runAgain = async (keys: K[], error: unknown, run: number): Promise<V[]> => {
      if (run > MAX_RUNS || !mayRunAgain(error)) throw error;
      await pauseBefore(run);
      return send(keys).catch((next: unknown) => runAgain(keys, next, run + 1));
    };
    return serialBatches({
      send: (keys) => send(keys).catch((error: unknown) => runAgain(keys, error, 2)),
      holds: (key) => [`reader ${key.readerId}`, ...(options.holds?.(key) ?? [])],
      max: MAX_BATCH,
      out: MAX_OUT,
      // A database away (hung, say) fails the spends waiting at once, each within its bound alone.
      failsWaiting: (error) => unavailableCause(error) !== null,
    });
  };
  return (db, asked, adminsNeedTwoFactor) => {
    let byRule = batchesOf.get(db);
    if (!byRule) batchesOf.set(db, (byRule = new Map()));
    let batches = byRule.get(adminsNeedTwoFactor);
    if (!batches) byRule.set(adminsNeedTwoFactor, (batches = make(db, adminsNeedTwoFactor)));
    return batches(asked);
  };
}
