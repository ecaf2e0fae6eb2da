// The databases the benches write their datasets into, and one shape to write them with: the app's
// own database in the bench's process (the in-process benches), or, beside a built server, a
// node-postgres client or the PGlite directory of the stopped server opened here. The app's data
// layer and PGlite are imported when asked for: a bench that measures a built server from outside
// has no use for them, and the in-process benches' main thread never loaded PGlite itself.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../../../apps/api/src/db/client.js';
import type { PgliteClient } from '../../../apps/api/src/db/pglite-thread.js';

export type Engine = 'pglite' | 'postgres';

/** SQL straight to the database, whatever the engine: the dataset and the coin checks are one text. */
export type Sql = {
  rows: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  run: (text: string, params?: unknown[]) => Promise<void>;
};
/** A database opened beside a built server, closed by the bench once its SQL is done. */
export type SqlTarget = Sql & { close: () => Promise<void> };
/** A fresh database and the app's own data layer over it; on PostgreSQL, `rows` and `run` have a client of their own. */
export type Target = Sql & { database: Database; url?: string; drop: () => Promise<void> };

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One statement on the machine's PostgreSQL as its admin (creating and dropping databases). */
async function asAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on the machine's PostgreSQL (BENCH_DATABASE_URL, default the local server), and
 * how to drop it. `prefix`: the start of its name, e.g. kettle_load.
 */
export async function freshDatabase(prefix: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin(`create database ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => asAdmin(`drop database if exists ${name} with (force)`) };
}

/** A client of its own: the server's pool has a 10 s statement timeout, which seeding outlasts. */
export async function openPgTarget(databaseUrl: string): Promise<SqlTarget> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const rows = async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[];
  const run = async (text: string, params?: unknown[]) => void (await client.query(text, params));
  return { rows, run, close: () => client.end() };
}

/**
 * The built server's embedded database (`DATA_DIR/pglite`, as apps/api/src/db/client.ts opens it).
 * PGlite has one writer: the server must be stopped while this is open.
 */
export async function openPgliteTarget(dataDir: string): Promise<SqlTarget> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  // pg_trgm must be loaded: every insert maintains the trigram indexes of migration 0002.
  const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  await db.waitReady;
  const rows = async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows;
  return { rows, run: async (text, params) => void (await rows(text, params)), close: () => db.close() };
}

/** A fresh database for the app built in the bench's process: PGlite in memory, or a throwaway PostgreSQL one. */
export async function openTarget(kind: Engine): Promise<Target> {
  const { openPglite, openPostgres } = await import('../../../apps/api/src/db/client.js');
  if (kind === 'pglite') {
    const database = await openPglite();
    // The shared Db type hides the driver; drizzle keeps the PGlite thread's client on `$client`.
    const client = (database.db as unknown as { $client: PgliteClient }).$client;
    const rows = async <T>(text: string, params: unknown[] = []): Promise<T[]> =>
      (await client.query<T>(text, params)).rows;
    return {
      database,
      rows,
      run: async (text, params) => void (await rows(text, params)),
      drop: async () => undefined,
    };
  }
  const fresh = await freshDatabase('kettle_bench');
  const seeder = new pg.Client({ connectionString: fresh.url });
  const database = openPostgres(fresh.url);
  const drop = async (): Promise<void> => {
    await seeder.end().catch(() => undefined);
    await fresh.drop();
    console.log(`dropped database ${fresh.name}`);
  };
  try {
    await seeder.connect();
  } catch (err) {
    await database.close().catch(() => undefined);
    await drop();
    throw err;
  }
  const rows = async <T>(text: string, params: unknown[] = []): Promise<T[]> =>
    (await seeder.query(text, params)).rows as T[];
  // Without parameters, `run` keeps node-postgres's simple protocol, which takes several statements at once.
  const run = async (text: string, params?: unknown[]) => void (await seeder.query(text, params));
  return { database, url: fresh.url, rows, run, drop };
}
