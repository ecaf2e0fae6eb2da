// What PostgreSQL's background processes do for a store and PGlite, one process with none of them,
// leaves undone: checkpoints, VACUUM and planner statistics. The database thread (pglite-worker.js) runs
// this between two of its messages, never inside a transaction, so it holds the statements that
// arrive meanwhile as any statement does, and never the server's event loop.
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';

/** A setting read as a number, as autovacuum reads it. */
const setting = (/** @type {string} */ name) => `current_setting('${name}')::float8`;

/**
 * The tables autovacuum would vacuum or analyze now, biggest first, by its own rule and settings
 * (relation_needs_vacanalyze in PostgreSQL's autovacuum.c): dead rows or rows inserted since the
 * last VACUUM past a threshold plus a fifth of the table, ids older than the freeze limit, or rows
 * changed since the last ANALYZE past a threshold plus a tenth. PGlite keeps these counts (it
 * flushes them a second after a write at the latest), but not across a close: a table that has
 * grown by a tenth and 8 pages past what the last VACUUM or ANALYZE saw (`relpages`) is analyzed as
 * well, and that ANALYZE counts its dead rows again.
 */
const DUE_TABLES = `select * from (select c.oid::regclass::text as name,
    s.n_dead_tup > least(${setting('autovacuum_vacuum_threshold')}
        + ${setting('autovacuum_vacuum_scale_factor')} * greatest(c.reltuples, 0),
        ${setting('autovacuum_vacuum_max_threshold')})
      or s.n_ins_since_vacuum > ${setting('autovacuum_vacuum_insert_threshold')}
        + ${setting('autovacuum_vacuum_insert_scale_factor')} * greatest(c.reltuples, 0)
      or age(c.relfrozenxid) > ${setting('autovacuum_freeze_max_age')} as vacuum_due,
    s.n_mod_since_analyze > ${setting('autovacuum_analyze_threshold')}
        + ${setting('autovacuum_analyze_scale_factor')} * greatest(c.reltuples, 0)
      or pg_relation_size(c.oid) / ${setting('block_size')} > c.relpages * 1.1 + 8 as analyze_due
  from pg_class c join pg_stat_all_tables s on s.relid = c.oid
  where c.relkind = 'r' and c.relnamespace in ('public'::regnamespace, 'pg_catalog'::regnamespace)
  order by pg_relation_size(c.oid) desc) due
  where vacuum_due or analyze_due`;

/** One look starts no more work once this has passed; the rest waits for the next look. */
const WORK_BUDGET_MS = 200;

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
 * Without VACUUM nothing froze a row or marked a page all-visible: past about two billion write
 * transactions a store would lose sight of its rows (PostgreSQL's stop short of that guards only a
 * server with a postmaster), and dead rows went back to use only where a page was pruned on the way.
 * FREEZE freezes what it passes, so the whole-table pass PostgreSQL forces every 200 million
 * transactions finds nothing left to do.
 * @param {PGlite} db
 */
async function vacuumAndAnalyze(db) {
  const { rows } = await db.query(DUE_TABLES);
  const started = performance.now();
  for (const {
    name,
    vacuum_due: vacuum,
    analyze_due: analyze,
  } of /** @type {Array<{ name: string, vacuum_due: boolean, analyze_due: boolean }>} */ (rows)) {
    if (performance.now() - started > WORK_BUDGET_MS) return;
    // regclass text is already quoted where a name needs it.
    await db.exec(vacuum ? `vacuum (freeze${analyze ? ', analyze' : ''}) ${name}` : `analyze ${name}`);
  }
}

/**
 * Looks at the store every `rule.everyMs`: a checkpoint once `rule.checkpointAfterBytes` of log
 * has been written since the last, then a VACUUM or an ANALYZE of the tables that need one.
 * @param {PGlite} db
 * @param {UpkeepRule} rule
 * @param {(work: () => Promise<void>) => void} between runs `work` between two messages
 * @returns {{ opening: () => Promise<void>, stop: () => void }} a look as the store opens; stops the looks
 */
export function startUpkeep(db, rule, between) {
  const look = async () => {
    if (db.closed || db.isInTransaction()) return;
    await checkpointIfDue(db, rule.checkpointAfterBytes);
    await vacuumAndAnalyze(db);
  };
  // A store opens with every count at 0: the ANALYZE of a table grown since its last, in the first
  // pass, counts the dead rows it holds, and the second pass vacuums them.
  const opening = async () => {
    await look();
    await vacuumAndAnalyze(db);
  };
  const timer = setInterval(() => between(look), rule.everyMs);
  timer.unref();
  return { opening, stop: () => clearInterval(timer) };
}
