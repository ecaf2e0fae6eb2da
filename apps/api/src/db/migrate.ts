import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePgliteOrm } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import type * as schemaModule from './schema.js';

type Schema = typeof schemaModule;

/** The committed SQL migrations sit in apps/api/drizzle, both beside src/ and beside dist/. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('Cannot find the drizzle migrations folder');
}

/** Any constant works; it only has to be the same for every Kettle process. */
const MIGRATION_LOCK_KEY = 74_657_310;

export async function migratePglite(db: PgliteDatabase<Schema>): Promise<void> {
  // The PGlite session is single-connection, so nothing can race it.
  await migratePgliteOrm(db, { migrationsFolder: migrationsFolder() });
}

export async function migratePostgres(databaseUrl: string): Promise<void> {
  // Several servers may start together: one migrates while the others wait on the lock.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
