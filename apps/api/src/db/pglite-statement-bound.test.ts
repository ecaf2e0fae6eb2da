import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../test/harness.js';
import { causeChain, stringField } from '../lib/pg-errors.js';
import { openPglite, type Database } from './client.js';
import { categories } from './schema.js';

/** The SQLSTATE anywhere on the error's cause chain (drizzle wraps the driver's error). */
const codeOf = (error: unknown): string | undefined =>
  [...causeChain(error)].map((current) => stringField(current, 'code')).find((code) => code !== undefined);

/**
 * The embedded tier's statement bound, seen from the server (issue 13: no single query runs
 * longer than the budget). A runaway statement holds PGlite's one thread; past the bound the thread
 * is ended and the store reopened, so the requests queued behind it are served, not held for good.
 * PGlite in a folder on every run, PostgreSQL's included: the bound is the embedded tier's.
 */
describe('a runaway statement on PGlite in a folder', () => {
  let app: TestApp;
  let database: Database;
  useTestApp(
    (ready) => {
      app = ready;
    },
    {
      database: async (dataDir) => {
        database = await openPglite(join(dataDir, 'db'), { statementTimeoutMs: 1_000 });
        return database;
      },
    },
  );

  it('is ended at the bound, and the requests queued behind it are answered', async () => {
    const runaway = database.db.execute(sql`select pg_sleep(60)`).then(
      () => 'finished',
      (error: unknown) => codeOf(error),
    );
    const [list, categoryList] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/v1/posts' }),
      app.inject({ method: 'GET', url: '/api/v1/categories/' }),
    ]);
    // Readiness gives up after 2 s, which a restart on a loaded machine may take: asked after it.
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(await runaway).toBe('57014');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ data: [], metadata: { total_elements: 0 } });
    expect(categoryList.statusCode).toBe(200);
    expect((categoryList.json() as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect(ready.statusCode).toBe(200);
  });

  it('keeps the reference data seeded before it, on the reopened store', async () => {
    const rows = await database.db.select({ n: sql<number>`count(*)::int` }).from(categories);
    expect(rows[0]?.n).toBeGreaterThan(0);
  });
});
