import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { causeChain, stringField } from '../lib/pg-errors.js';
import { rowsOf } from '../lib/sql-rows.js';
import { openPostgres, STATEMENT_TIMEOUT_MS, type Database } from './client.js';

// PostgreSQL only: PGlite ignores statement_timeout (docs/decisions/pglite-thread.md), and the embedded run leaves
// this file out (vitest.config.ts). The harness makes this file's database.
let app: TestApp;
let shortFuse: Database;
beforeAll(async () => {
  app = await createTestApp();
  shortFuse = openPostgres(String(app.ctx.config.databaseUrl), { statementTimeoutMs: 200 });
});
afterAll(async () => {
  await shortFuse.close();
  await app.teardown();
});

const codeOf = (error: unknown) => [...causeChain(error)].map((e) => stringField(e, 'code')).find(Boolean);

describe('the PostgreSQL tier bounds every statement (issue 13)', () => {
  it('sets the timeout on each connection of the pool', async () => {
    expect(app.ctx.database.kind).toBe('postgres');
    const rows = rowsOf<{ statement_timeout: string }>(await app.ctx.db.execute(sql`show statement_timeout`));
    expect(rows[0]?.statement_timeout).toBe(`${STATEMENT_TIMEOUT_MS / 1000}s`);
  });

  it('cancels a statement that runs past it, and the connection serves the next one', async () => {
    const slow = await shortFuse.db.execute(sql`select pg_sleep(2)`).catch((error: unknown) => error);
    // 57014: query_canceled, what PostgreSQL answers when the timeout ends a statement.
    expect(codeOf(slow)).toBe('57014');
    expect(rowsOf(await shortFuse.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
  });
});
