// What PostgreSQL's background processes do for a store and PGlite, one process with none of them,
// leaves undone: checkpoints and planner statistics. The database thread (pglite-worker.js) runs
// this between two of its messages, never inside a transaction, so it holds the statements that
// arrive meanwhile as any statement does, and never the server's event loop.
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';

/**
 * Tables grown by a tenth since their last ANALYZE (autovacuum's scale factor) and by 8 pages at
 * least, biggest first. PGlite keeps no counts of changed rows (`n_mod_since_analyze` stays 0), so
 * growth on disk stands in for them: `relpages` is what the last ANALYZE (or index build) saw.
 */
const GROWN_TABLES = `select c.oid::regclass::text as name
  from pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
    and pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.1 + 8
  order by pg_relation_size(c.oid) desc`;

/** One look analyzes tables until this has passed; the rest wait for the next look. */
const ANALYZE_BUDGET_MS = 200;

/**
 * @typedef {{ checkpointAfterBytes: number, everyMs: number }} UpkeepRule
 * @typedef {import('@electric-sql/pglite').PGlite} PGlite
 */

/**
 * PGlite checkpoints only when it closes, so its log grew with every write for as long as the
 * server ran (1.9 GB after 1,000 updates of 5,000 rows), and a thread ended by a statement's bound,
 * or a crash, replayed all of it before the next statement (7.4 s for 850 MB here).
 * @param {PGlite} db
 * @param {number} afterBytes
 */
async function checkpointIfDue(db, afterBytes) {
  const { rows } = await db.query(
    'select (pg_current_wal_insert_lsn() - redo_lsn)::float8 as written from pg_control_checkpoint()',
  );
  const [{ written }] = /** @type {Array<{ written: number }>} */ (rows);
  if (written >= afterBytes) await db.exec('checkpoint');
}

/**
 * With no statistics the planner guesses, and its guesses made a search for a common word on a
 * store of 20k teas 8 times slower (`brew`: 86.5 against 10.9 ms, median) than after an ANALYZE.
 * @param {PGlite} db
 */
async function analyzeGrown(db) {
  const { rows } = await db.query(GROWN_TABLES);
  const started = performance.now();
  for (const { name } of /** @type {Array<{ name: string }>} */ (rows)) {
    if (performance.now() - started > ANALYZE_BUDGET_MS) return;
    // regclass text is already quoted where a name needs it.
    await db.exec(`analyze ${name}`);
  }
}

/**
 * Looks at the store every `rule.everyMs`: a checkpoint once `rule.checkpointAfterBytes` of log
 * has been written since the last, then an ANALYZE of the tables that have grown.
 * @param {PGlite} db
 * @param {UpkeepRule} rule
 * @param {(work: () => Promise<void>) => void} between runs `work` between two messages
 * @returns {() => void} stops the looks
 */
export function startUpkeep(db, rule, between) {
  const look = async () => {
    if (db.closed || db.isInTransaction()) return;
    await checkpointIfDue(db, rule.checkpointAfterBytes);
    await analyzeGrown(db);
  };
  const timer = setInterval(() => between(look), rule.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
