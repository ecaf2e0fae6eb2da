// The database as the bench's own setup and checks see it, beside the server: a node-postgres
// client, or the PGlite directory of a stopped built server opened in this process. One shape for
// both, so the dataset and the coin checks are one SQL text whatever the engine.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/**
 * @typedef {{ query: (text: string, params?: unknown[]) => Promise<Array<Record<string, any>>>,
 *   close: () => Promise<void> }} SqlTarget
 */

/**
 * A client of its own: the server's pool has a 10 s statement timeout, which seeding outlasts.
 * @param {string} databaseUrl
 * @returns {Promise<SqlTarget>}
 */
export async function openPgTarget(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.end() };
}

/**
 * The built server's embedded database (`DATA_DIR/pglite`, as apps/api/src/db/client.ts opens it).
 * PGlite has one writer: the server must be stopped while this is open.
 * @param {string} dataDir the server's DATA_DIR
 * @returns {Promise<SqlTarget>}
 */
export async function openPgliteTarget(dataDir) {
  // pg_trgm must be loaded: every insert maintains the trigram indexes of migration 0002.
  const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  await db.waitReady;
  return { query: async (text, params) => (await db.query(text, params)).rows, close: () => db.close() };
}

/**
 * A fresh database on the machine's PostgreSQL (BENCH_DATABASE_URL, default the local server), and
 * how to drop it.
 * @param {string} prefix the start of its name, e.g. kettle_load
 */
export async function freshDatabase(prefix) {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (/** @type {string} */ statement) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
