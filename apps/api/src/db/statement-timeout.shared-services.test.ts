import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { causeChain, stringField } from '../lib/pg-errors.js';
import { rowsOf } from '../lib/sql-rows.js';
import { openPostgres, STATEMENT_TIMEOUT_MS, type Database } from './client.js';

// PostgreSQL only: PGlite ignores statement_timeout (decisions.md), and the embedded run leaves
// this file out (vitest.config.ts).
const baseUrl = String(process.env.TEST_DATABASE_URL);
const name = `kettle_test_${randomBytes(6).toString('hex')}`;
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const opened: Database[] = [];

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(() => admin(`create database ${name}`));
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
  await admin(`drop database if exists ${name} with (force)`);
});

const open = (options?: { statementTimeoutMs: number }) => {
  const database = openPostgres(url.toString(), options);
  opened.push(database);
  return database;
};
const codeOf = (error: unknown) => [...causeChain(error)].map((e) => stringField(e, 'code')).find(Boolean);

describe('the PostgreSQL tier bounds every statement (issue 13)', () => {
  it('sets the timeout on each connection of the pool', async () => {
    const { db } = open();
    const rows = rowsOf<{ statement_timeout: string }>(await db.execute(sql`show statement_timeout`));
    expect(rows[0]?.statement_timeout).toBe(`${STATEMENT_TIMEOUT_MS / 1000}s`);
  });

  it('cancels a statement that runs past it, and the connection serves the next one', async () => {
    const { db } = open({ statementTimeoutMs: 200 });
    const slow = await db.execute(sql`select pg_sleep(2)`).catch((error: unknown) => error);
    // 57014: query_canceled, what PostgreSQL answers when the timeout ends a statement.
    expect(codeOf(slow)).toBe('57014');
    expect(rowsOf(await db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
  });
});
