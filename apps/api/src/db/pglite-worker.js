// The embedded database's own thread: PGlite runs its queries synchronously inside WebAssembly, so on
// the server's thread one slow statement stalled every request (issue 13, goal P8). The server talks
// to this thread through `pglite-thread.ts`, which keeps PGlite's order: one statement or one
// transaction at a time. Plain JavaScript, so tests, the dev server and the build all load it as is.
// First: the store's files are made owner-only from the very first one (owner-only-fs.js).
import './owner-only-fs.js';
import { Blob, Buffer } from 'node:buffer';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { startUpkeep } from './pglite-upkeep.js';

if (!parentPort) throw new Error('pglite-worker.js runs as a worker thread');
const port = parentPort;

/** A parser that hands the column's text back unchanged: drizzle keeps dates and intervals as text. */
const keepText = (/** @type {string} */ value) => value;

/** The types whose text drizzle keeps, on every statement it sends. */
const DRIZZLE_TEXT = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE];

/** @type {{ dataDir?: string, upkeep: import('./pglite-upkeep.js').UpkeepRule, startFrom?: Uint8Array }} */
const { dataDir, upkeep, startFrom } = workerData;
// pg_trgm backs post search (migration 0002 creates it; PGlite must have it loaded first). Drizzle's
// parsers are the database's own: PGlite copies its whole parser table (every array type too) into
// each statement that brings parsers: ~0.1 of the ~0.35 ms a bare `select 1` took through this thread.
// The log's bounds (PGlite's own start parameters kept): a checkpoint keeps at most min_wal_size of
// old segments for reuse, where PostgreSQL's 1 GB max_wal_size kept a gigabyte beside any store.
const options = {
  extensions: { pg_trgm },
  parsers: Object.fromEntries(DRIZZLE_TEXT.map((oid) => [oid, keepText])),
  startParams: [...PGlite.defaultStartParams, '-c', 'max_wal_size=128MB', '-c', 'min_wal_size=32MB'],
  ...(startFrom ? { loadDataDir: new Blob([startFrom]) } : {}),
};
const db = dataDir ? new PGlite(dataDir, options) : new PGlite(options);

/**
 * The parsers a statement brings beyond the database's own: none for drizzle's; for any other
 * caller, PGlite's usual parsers for drizzle's types, except those whose text it keeps.
 * @param {number[]} textTypes
 */
function parsersFor(textTypes) {
  const kept = new Set(textTypes);
  if (kept.size === DRIZZLE_TEXT.length && DRIZZLE_TEXT.every((oid) => kept.has(oid))) return undefined;
  const usual = /** @type {Record<number, (value: string) => unknown>} */ (types.parsers);
  return Object.fromEntries([
    ...DRIZZLE_TEXT.map((oid) => [oid, usual[oid]]),
    ...textTypes.map((oid) => [oid, keepText]),
  ]);
}

/**
 * The driver's error as plain data: a structured clone keeps only an Error's message and stack, and
 * the server reads PostgreSQL's fields (code, constraint) to answer conflicts.
 * @param {unknown} error
 */
function plainError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, unknown>} */
  const fields = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

const { serialize } = protocol;

/** Protocol messages sent as one, answered in order (PostgreSQL skips to the Sync after an error). */
const messages = (/** @type {Uint8Array[]} */ ...parts) => Buffer.concat(parts);

/** The hot statements prepared here, by name: their text and their parameters' type ids. */
const prepared = new Map(/** @type {Array<[string, { text: string, paramTypes: number[] }]>} */ ([]));

/**
 * The parameter types of statement `name`, parsed and planned once (prepared.ts): PGlite's own
 * `query` parses and plans every statement anew, ~1.6 of the 2.6 ms of a page's read context.
 * @param {string} name
 * @param {string} text
 */
async function preparedTypes(name, text) {
  const known = prepared.get(name);
  if (known?.text === text) return known.paramTypes;
  if (known) throw new Error(`statement ${name} was prepared with another text`);
  const described = await db.execProtocol(
    messages(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()),
    { syncToFs: false },
  );
  const paramTypes = parse.parseDescribeStatementResults(described.messages);
  prepared.set(name, { text, paramTypes });
  return paramTypes;
}

/**
 * A hot statement run by name, its values written as PGlite's `query` writes them.
 * @param {string} name
 * @param {string} text
 * @param {unknown[]} params
 * @param {import('@electric-sql/pglite').QueryOptions} options
 */
async function runNamed(name, text, params, options) {
  const paramTypes = await preparedTypes(name, text);
  const serializers = /** @type {Record<number, (value: unknown) => string>} */ (db.serializers);
  const values = params.map((value, i) =>
    value === null || value === undefined ? null : (serializers[paramTypes[i] ?? 0] ?? String)(value),
  );
  const ran = await db.execProtocol(
    messages(
      serialize.bind({ statement: name, values: /** @type {string[]} */ (values) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ),
    { syncToFs: false },
  );
  if (!db.isInTransaction()) await db.syncToFs();
  const [results] = parse.parseResults(ran.messages, db.parsers, options);
  if (!results) throw new Error(`statement ${name} answered nothing`);
  return results;
}

/**
 * @param {{ op: 'query', sql: string, params?: unknown[], rowMode?: 'array' | 'object', textTypes?: number[], name?: string }
 *   | { op: 'exec', sql: string } | { op: 'dump' } | { op: 'close' }} message
 */
async function run(message) {
  switch (message.op) {
    case 'query': {
      const parsers = parsersFor(message.textTypes ?? []);
      const options = parsers ? { rowMode: message.rowMode, parsers } : { rowMode: message.rowMode };
      const { rows, fields, affectedRows } = message.name
        ? await runNamed(message.name, message.sql, message.params ?? [], options)
        : await db.query(message.sql, message.params ?? [], options);
      return { rows, fields, affectedRows };
    }
    case 'exec':
      return (await db.exec(message.sql)).map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows }));
    case 'dump': {
      // A gzipped tarball of the whole data directory, taken between two statements (backup.ts).
      const tarball = await db.dumpDataDir('gzip');
      return new Uint8Array(await tarball.arrayBuffer());
    }
    case 'close':
      await db.close();
      return null;
  }
}

// Messages run in arrival order; the server already holds a statement back while a transaction of
// another caller is open, so arrival order is PGlite's order. A failed look is tried again at the
// next; the thread's own statements are what report errors.
/** @type {Promise<unknown>} */
let tail;
const upkeepLooks = startUpkeep(db, upkeep, (work) => {
  tail = tail.then(work).catch(() => undefined);
});
// One look before the first statement: work a store was left owing (a VACUUM of rows deleted by the
// thousand, say) is done while the server opens, not while it serves.
tail = db.waitReady.then(
  () =>
    upkeepLooks
      .opening()
      .catch(() => undefined)
      .then(() => port.postMessage({ ready: true })),
  (error) => port.postMessage({ ready: false, error: plainError(error) }),
);
port.on('message', (/** @type {{ id: number } & Parameters<typeof run>[0]} */ message) => {
  if (message.op === 'close') upkeepLooks.stop();
  tail = tail.then(() =>
    run(message).then(
      (result) => port.postMessage({ id: message.id, result }),
      (error) => port.postMessage({ id: message.id, error: plainError(error) }),
    ),
  );
});
