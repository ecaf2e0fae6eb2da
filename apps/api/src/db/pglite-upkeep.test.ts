import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.js';
import { openPgliteThread, type PgliteThread } from './pglite-thread.js';

/** A rule quick enough for a test: a look every 20 ms, a checkpoint once 1 MB of log is written. */
const RULE = { checkpointAfterBytes: 1024 * 1024, everyMs: 20 };
/** About 3 MB of log: 6,000 rows of 500 characters. */
const WRITE = "insert into t select g, repeat('x', 500) from generate_series($1::int, $1::int + 5999) g";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("PGlite's checkpoints, run by its thread", () => {
  let client: PgliteThread;
  beforeAll(async () => {
    client = await openPgliteThread(undefined, { upkeep: RULE });
    await client.exec('create table t (id int primary key, note text)');
  });
  afterAll(() => client.close());

  type Query = PgliteThread['query'];
  /** Bytes of log written since the last checkpoint began (its redo point). */
  const sinceCheckpoint = async (query: Query = client.query.bind(client)): Promise<number> => {
    const { rows } = await query<{ bytes: number }>(
      'select (pg_current_wal_insert_lsn() - redo_lsn)::float8 as bytes from pg_control_checkpoint()',
    );
    return rows[0]?.bytes ?? Number.NaN;
  };
  /** Until a checkpoint leaves less than the rule's log behind it. */
  const checkpointed = () => eventually(async () => (await sinceCheckpoint()) < RULE.checkpointAfterBytes, 5000);

  it('keeps less of the log for reuse than PostgreSQL would', async () => {
    const { rows } = await client.query<{ max: string; min: string }>(
      "select current_setting('max_wal_size') as max, current_setting('min_wal_size') as min",
    );
    expect(rows).toEqual([{ max: '128MB', min: '32MB' }]);
  });

  it("checkpoints once the rule's amount of log has been written since the last", async () => {
    await client.query(WRITE, [1]);
    await checkpointed();
  });

  it('waits for an open transaction to end first, and does not take part in it', async () => {
    await client.transaction(async (tx) => {
      await tx.query(WRITE, [10_001]);
      // Ten looks of the rule's clock, each of which would have checkpointed outside a transaction.
      await sleep(RULE.everyMs * 10);
      expect(await sinceCheckpoint(tx.query.bind(tx))).toBeGreaterThan(2 * RULE.checkpointAfterBytes);
    });
    await checkpointed();
    expect((await client.query<{ n: number }>('select count(*)::int as n from t')).rows).toEqual([{ n: 12_000 }]);
  });
});

describe("PGlite's planner statistics, kept by its thread", () => {
  let client: PgliteThread;
  beforeAll(async () => {
    // No checkpoints here: this part is about ANALYZE alone.
    client = await openPgliteThread(undefined, { upkeep: { ...RULE, checkpointAfterBytes: Number.MAX_SAFE_INTEGER } });
    await client.exec('create table grown (id int primary key, note text)');
  });
  afterAll(() => client.close());

  /** The rows the planner believes `grown` holds, and whether it has column statistics for it. */
  const belief = async (query: PgliteThread['query'] = client.query.bind(client)) => {
    const { rows } = await query<{ rows: number; stats: boolean }>(
      `select c.reltuples::int as rows, exists (select 1 from pg_stats s where s.tablename = 'grown') as stats
       from pg_class c where c.relname = 'grown'`,
    );
    return rows[0];
  };
  /** Until the planner believes `grown` holds `rows` rows, with column statistics. */
  const believed = (rows: number) =>
    eventually(async () => {
      const now = await belief();
      return now?.rows === rows && now.stats;
    }, 5000);
  const grow = (query: PgliteThread['query'], from: number, to: number) =>
    query("insert into grown select g, repeat('x', 200) from generate_series($1::int, $2::int) g", [from, to]);

  it('analyzes a table that has grown, and again once it has grown by more than a tenth', async () => {
    await grow(client.query.bind(client), 1, 2_000);
    await believed(2_000);
    expect(await belief()).toEqual({ rows: 2_000, stats: true });
    await grow(client.query.bind(client), 2_001, 3_000);
    await believed(3_000);
    expect(await belief()).toEqual({ rows: 3_000, stats: true });
  });

  it('leaves a table alone while it has grown by less than a tenth', async () => {
    await grow(client.query.bind(client), 3_001, 3_100);
    await sleep(RULE.everyMs * 10);
    expect(await belief()).toEqual({ rows: 3_000, stats: true });
  });

  it('waits for an open transaction to end before it analyzes', async () => {
    await client.transaction(async (tx) => {
      await grow(tx.query.bind(tx), 3_101, 6_000);
      await sleep(RULE.everyMs * 10);
      expect(await belief(tx.query.bind(tx))).toEqual({ rows: 3_000, stats: true });
    });
    await believed(6_000);
    expect(await belief()).toEqual({ rows: 6_000, stats: true });
  });
});

describe("PGlite's VACUUM, run by its thread as autovacuum would", () => {
  /** No checkpoints here: this part is about VACUUM. */
  const VACUUM_RULE = { ...RULE, checkpointAfterBytes: Number.MAX_SAFE_INTEGER };
  let client: PgliteThread;
  beforeAll(async () => {
    client = await openPgliteThread(undefined, { upkeep: VACUUM_RULE });
    await client.exec('create table churn (id int primary key, note text)');
  });
  afterAll(() => client.close());

  type Vacuums = { vacuums: number; dead: number; pages: number; visible: number; frozen: boolean };
  /** How often `churn` was vacuumed, its dead rows, its pages (all-visible ones too), whether its rows are frozen. */
  const state = async (on: PgliteThread = client): Promise<Vacuums | undefined> => {
    const { rows } = await on.query<Vacuums>(
      `select s.vacuum_count::int as vacuums, s.n_dead_tup::int as dead, c.relpages as pages,
         c.relallvisible as visible,
         c.relfrozenxid::text::bigint > (select min(xmin::text::bigint) from churn) as frozen
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid where c.relname = 'churn'`,
    );
    return rows[0];
  };
  /** PGlite counts a write in these statistics a second after it at the latest. */
  const counted = () => sleep(1_200).then(() => client.query('select 1'));

  it('vacuums a table once more rows were inserted than its threshold, freezing them', async () => {
    await client.query("insert into churn select g, repeat('x', 200) from generate_series(1, 2000) g");
    await eventually(async () => (await state())?.vacuums === 1, 5000);
    const after = await state();
    expect(after?.pages).toBeGreaterThan(0);
    // Every page all-visible, and the rows frozen: the table's oldest unfrozen id is newer than theirs.
    expect(after?.visible).toBe(after?.pages);
    expect(after?.frozen).toBe(true);
  });

  it('leaves it alone while fewer rows are dead than 50 and a fifth of the table', async () => {
    await client.query('update churn set note = $1 where id <= 100', ['y']);
    await counted();
    await sleep(RULE.everyMs * 10);
    expect(await state()).toMatchObject({ vacuums: 1, dead: 100 });
  });

  it('vacuums it once more rows are dead than that', async () => {
    await client.query('update churn set note = $1 where id <= 500', ['z']);
    await eventually(async () => (await state())?.vacuums === 2, 5000);
    expect(await state()).toMatchObject({ vacuums: 2, dead: 0 });
  });
});

describe("a store's owed VACUUM, done as the store opens", () => {
  const dir = mkdtempSync(join(tmpdir(), 'kettle-upkeep-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** Looks an hour apart: only the look at opening can run within the test. */
  const SLOW_RULE = { checkpointAfterBytes: Number.MAX_SAFE_INTEGER, everyMs: 3_600_000 };

  it('analyzes and vacuums what the last run left owing before the first statement is answered', async () => {
    const first = await openPgliteThread(join(dir, 'store'), { upkeep: SLOW_RULE });
    await first.exec('create table churn (id int primary key, note text)');
    await first.query("insert into churn select g, repeat('x', 200) from generate_series(1, 5000) g");
    await first.query('delete from churn where id > 1000');
    await first.close();
    const second = await openPgliteThread(join(dir, 'store'), { upkeep: SLOW_RULE });
    try {
      const { rows } = await second.query(
        `select s.vacuum_count::int as vacuums, s.analyze_count::int as analyzes, s.n_dead_tup::int as dead,
           c.reltuples::int as rows
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid`,
      );
      expect(rows).toEqual([{ vacuums: 1, analyzes: 1, dead: 0, rows: 1000 }]);
    } finally {
      await second.close();
    }
  });
});
