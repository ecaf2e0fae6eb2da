import type { Db } from '../../db/client.js';
import { isDeadlock, uniqueViolationConstraint } from '../../lib/pg-errors.js';
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
 * One spend (unlock, vote, comment) in the next statement its database runs for such spends
 * (lib/serial-batches.ts, performance.md P6). A reader is in a batch at most once: the charge
 * updates their row, which one statement does once; their next spend goes in the next batch and
 * sees this one's work. The statement rolls back whole when it fails, so it runs again once when
 * that was a race a second run settles: another server's twin that broke the spend's primary key
 * (`once`; run again, it finds the twin's row), or a deadlock with a write holding a tea and
 * waiting for a reader this batch charged.
 */
export function spendBatches<K extends SpendAsked, V>(options: {
  /** One outcome per spend, in order. */
  statement: (db: Db, asked: K[], adminsNeedTwoFactor: boolean) => Promise<V[]>;
  /** What else a spend holds for its batch (e.g. the voted tea, whose row the vote updates). */
  holds?: (key: K) => string[];
  once?: string;
}): (db: Db, asked: K, adminsNeedTwoFactor: boolean) => Promise<V> {
  const mayRunAgain = (error: unknown): boolean =>
    isDeadlock(error) || (options.once !== undefined && uniqueViolationConstraint(error) === options.once);
  const batchesOf = new WeakMap<Db, Map<boolean, SerialBatches<K, V>>>();
  const make = (db: Db, adminsNeedTwoFactor: boolean): SerialBatches<K, V> => {
    const send = (keys: K[]) => options.statement(db, keys, adminsNeedTwoFactor);
    return serialBatches({
      send: (keys) => send(keys).catch((error: unknown) => (mayRunAgain(error) ? send(keys) : Promise.reject(error))),
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
