import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A snapshot of an empty store with every migration applied; '' on PostgreSQL. */
    migratedStore: string;
  }
}

/**
 * Migrates one in-memory PGlite store for the whole run and hands its snapshot to every test file:
 * each file's store starts from it instead of creating a cluster and migrating it again (about 2 s
 * a file of the API suite's time). The app still runs its migrations at start, which find nothing
 * to do; the migration tests open stores of their own.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('migratedStore', '');
    return () => undefined;
  }
  const database = await openPglite();
  try {
    await database.migrate();
    if (!database.snapshot) throw new Error('an embedded store takes snapshots');
    const tarball = await database.snapshot(async (bytes) => bytes);
    const dir = mkdtempSync(join(tmpdir(), 'kettle-migrated-store-'));
    const file = join(dir, 'pglite.tar.gz');
    writeFileSync(file, tarball);
    project.provide('migratedStore', file);
    return () => rmSync(dir, { recursive: true, force: true });
  } finally {
    await database.close();
  }
}
