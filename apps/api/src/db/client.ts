import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DIR_MODE } from '../lib/owner-only.js';
import { boundedClient } from './bounded-client.js';
import { migratePglite, migratePostgres } from './migrate.js';
import { openPgliteThread, type PgliteThreadOptions } from './pglite-thread.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Services take either: a transaction when they are one step of bigger work. */
export type DbOrTx = Db | Tx;

/** What /metrics reads of the database: statements sent through the ORM, and the pool's state. */
export type DatabaseStats = {
  queries: number;
  /** PostgreSQL's connection pool; PGlite has one in-process connection and no pool. */
  pool: { total: number; idle: number; waiting: number } | null;
};

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  stats: () => DatabaseStats;
  /** Answers true when a trivial query succeeds; used by /api/ready. */
  ping: () => Promise<boolean>;
  /**
   * PGlite only: a gzipped tarball of its data directory, passed to `during` while every other
   * statement waits (an online backup, backup.ts). PostgreSQL has pg_dump for that.
   */
  snapshot?: <T>(during: (tarball: Uint8Array) => Promise<T>) => Promise<T>;
  /**
   * PGlite only: what ended the embedded store for good (its thread died and it could not be
   * opened again), after which every statement fails until the process is restarted.
   */
  failure?: () => Error | undefined;
  /** Applies the committed SQL migrations (idempotent). */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

/** Transaction control: node-postgres sends it through the ORM as statements, PGlite does not. */
const TRANSACTION_CONTROL = /^\s*(?:begin|commit|rollback|savepoint|release)\b/i;

/**
 * Counts the statements that do work (a query budget test reads the count around one request),
 * the same on both engines.
 */
function queryCounter() {
  const counter = {
    queries: 0,
    logger: {
      logQuery: (query: string) => {
        if (!TRANSACTION_CONTROL.test(query)) counter.queries += 1;
      },
    },
  };
  return counter;
}

/**
 * A store PGlite cannot open (it says only "failed to initialize" or "Aborted()"): Kettle stops
 * rather than serve from it, and says what to do.
 */
export function damagedStoreError(path: string, cause: unknown): Error {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new Error(
    `the embedded database in ${path} could not be opened (${reason}). It may be damaged (a full disk, ` +
      `a bad copy, files changed by hand); Kettle will not serve from it. Restore a backup with ` +
      `\`npm run db:restore -- <backup folder>\`, or move ${path} away to start with an empty database.`,
    { cause },
  );
}

/**
 * No statement runs longer, on either tier (issue 13): every hot statement is capped far below it,
 * so one that reaches it is a fault, ended before it holds a connection (or PGlite's one thread).
 */
export const STATEMENT_TIMEOUT_MS = 10_000;

/**
 * PGlite in `dir`, or in memory when `dir` is undefined (tests), on a thread of its own. In a folder
 * a statement is bounded as on PostgreSQL (`statementTimeoutMs`), by ending its thread.
 */
export async function openPglite(
  dir?: string,
  { statementTimeoutMs = STATEMENT_TIMEOUT_MS, heapLimitMb, startFrom }: PgliteThreadOptions = {},
): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  const path = dir ? join(dir, 'pglite') : undefined;
  const client = await openPgliteThread(path, { statementTimeoutMs, heapLimitMb, startFrom }).catch(
    (error: unknown) => {
      throw path ? damagedStoreError(path, error) : error;
    },
  );
  const counter = queryCounter();
  // drizzle's PGlite session calls only `query` and `transaction` (and `query` on a transaction),
  // which the thread's client answers with PGlite's own results.
  const db = drizzlePglite(client as unknown as PGlite, { schema, logger: counter.logger });
  return {
    db,
    kind: 'pglite',
    stats: () => ({ queries: counter.queries, pool: null }),
    ping: async () => {
      await client.query('select 1');
      return true;
    },
    // A migration may rightly run longer than a request's statement (an index on a big table).
    migrate: () => client.unbounded(() => migratePglite(db)),
    snapshot: (during) => client.snapshot(during),
    failure: () => client.failure(),
    close: () => client.close(),
  };
}

/**
 * A statement not answered this long after it was sent means PostgreSQL is hung (frozen, a stuck
 * disk): its connection is dropped (bounded-client.ts). Above the statement timeout, so that a
 * slow statement is always cancelled by the server first and a live one is never cut.
 */
const READ_TIMEOUT_MARGIN_MS = 1_000;
export const READ_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + READ_TIMEOUT_MARGIN_MS;
/** How long a request waits for a pooled connection, or for a new one to be accepted. */
export const CONNECT_TIMEOUT_MS = 5_000;

export function openPostgres(
  url: string,
  {
    statementTimeoutMs = STATEMENT_TIMEOUT_MS,
    readTimeoutMs = statementTimeoutMs + READ_TIMEOUT_MARGIN_MS,
  }: { statementTimeoutMs?: number; readTimeoutMs?: number } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    Client: boundedClient(readTimeoutMs),
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeoutMs,
    // A search's statement is priced high for the slices it may read and then reads few; compiling
    // it (JIT) took 30-300 ms of a 1-8 ms statement. No statement here gains from JIT.
    options: '-c jit=off',
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const counter = queryCounter();
  const db = drizzleNodePg(pool, { schema, logger: counter.logger });
  return {
    db,
    kind: 'postgres',
    stats: () => ({
      queries: counter.queries,
      pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
    }),
    ping: async () => {
      await pool.query('select 1');
      return true;
    },
    migrate: () => migratePostgres(url),
    close: () => pool.end(),
  };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
