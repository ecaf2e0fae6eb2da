import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFreezingProxy, type FreezingProxy } from '../../test/freezing-proxy.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { causeChain, stringField } from '../lib/pg-errors.js';
import { rowsOf } from '../lib/sql-rows.js';
import { unavailableCause } from '../lib/unavailable.js';
import { DatabaseReadTimeout } from './bounded-client.js';
import { openPostgres, type Database } from './client.js';

// PostgreSQL only (a hung PGlite is a hung thread of this process, and has no connection to drop).
// A relay in front of this file's database freezes as a hung server does: connected, silent.
const READ_TIMEOUT_MS = 400;
let app: TestApp;
let proxy: FreezingProxy;
let database: Database;

beforeAll(async () => {
  app = await createTestApp();
  proxy = await startFreezingProxy(String(app.ctx.config.databaseUrl));
  database = openPostgres(proxy.url, { statementTimeoutMs: 200, readTimeoutMs: READ_TIMEOUT_MS });
  await app.ctx.db.execute(sql`create table read_timeout_probe (note text not null)`);
});
afterEach(() => proxy.thaw());
afterAll(async () => {
  await database.close();
  await proxy.close();
  await app.teardown();
});

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error,
  );
const codeOf = (error: unknown) => [...causeChain(error)].map((e) => stringField(e, 'code')).find(Boolean);
const poolTotal = () => database.stats().pool?.total ?? 0;

describe('a hung PostgreSQL is an outage after the read timeout, not a wait without end', () => {
  it('fails a statement nobody answers, as an outage, and the pool drops its connection', async () => {
    // Two connections open before the freeze (a new one would meet the pool's connect timeout).
    await Promise.all([1, 2].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
    const before = poolTotal();
    expect(before).toBe(2);
    proxy.freeze();
    // Readiness' ping (a callback inside the pool) and the ORM's read (a promise) are the two
    // shapes of query the bounded client sees.
    const [ping, read] = await Promise.all([failureOf(database.ping()), failureOf(database.db.execute(sql`select 2`))]);
    expect(ping).toBeInstanceOf(DatabaseReadTimeout);
    expect(codeOf(read)).toBe('ETIMEDOUT');
    for (const failure of [ping, read]) expect(unavailableCause(failure)).toBe('ETIMEDOUT');
    expect(poolTotal()).toBe(before - 2);
    proxy.thaw();
    expect(rowsOf(await database.db.execute(sql`select 3 as three`))).toEqual([{ three: 3 }]);
  });

  it('ends a transaction whose statement hangs: its connection never serves another request', async () => {
    const failure = await failureOf(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into read_timeout_probe (note) values ('half done')`);
        proxy.freeze();
        await tx.execute(sql`select 'never answered'`);
      }),
    );
    expect(unavailableCause(failure)).not.toBeNull();
    proxy.thaw();
    // Taken back into the pool, that connection would run the next request inside the unfinished
    // transaction, which holds a transaction id since its insert. The pool hands out its newest idle
    // connection first, so every idle one is tried here.
    const inTransaction = await Promise.all(
      Array.from({ length: 10 }, () =>
        database.db.execute(sql`select txid_current_if_assigned() as xid`).then((r) => rowsOf<{ xid: unknown }>(r)),
      ),
    );
    expect(inTransaction.flat().filter((row) => row.xid !== null)).toEqual([]);
    // Its server session ended once the relay passed the close on, rolling the insert back, rather
    // than holding its transaction (and locks) open.
    const idleInTransaction = sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state like 'idle in transaction%'`;
    await expect.poll(async () => rowsOf(await app.ctx.db.execute(idleInTransaction))).toEqual([{ n: 0 }]);
    expect(rowsOf(await app.ctx.db.execute(sql`select note from read_timeout_probe`))).toEqual([]);
  });

  it('leaves a slow statement to the statement timeout, which the server answers in time', async () => {
    const slow = await failureOf(database.db.execute(sql`select pg_sleep(1)`));
    // 57014: query_canceled. The server cancelled it at 200 ms, before the 400 ms read timeout.
    expect(codeOf(slow)).toBe('57014');
  });
});
