import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteThread, type PgliteThread } from './pglite-thread.js';

/** A rule small enough for a test: a checkpoint once 1 MB of log is written, looked at every 20 ms. */
const RULE = { afterBytes: 1024 * 1024, everyMs: 20 };
/** About 3 MB of log: 6,000 rows of 500 characters. */
const WRITE = "insert into t select g, repeat('x', 500) from generate_series($1::int, $1::int + 5999) g";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("PGlite's checkpoints, run by its thread", () => {
  let client: PgliteThread;
  beforeAll(async () => {
    client = await openPgliteThread(undefined, { checkpoint: RULE });
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
  /** Whether a checkpoint leaves less than the rule's log behind it within a couple of seconds. */
  const checkpointSoon = async (): Promise<boolean> => {
    for (let tries = 0; tries < 100; tries += 1) {
      if ((await sinceCheckpoint()) < RULE.afterBytes) return true;
      await sleep(RULE.everyMs);
    }
    return false;
  };

  it('keeps less of the log for reuse than PostgreSQL would', async () => {
    const { rows } = await client.query<{ max: string; min: string }>(
      "select current_setting('max_wal_size') as max, current_setting('min_wal_size') as min",
    );
    expect(rows).toEqual([{ max: '128MB', min: '32MB' }]);
  });

  it("checkpoints once the rule's amount of log has been written since the last", async () => {
    await client.query(WRITE, [1]);
    expect(await checkpointSoon()).toBe(true);
  });

  it('waits for an open transaction to end first, and does not take part in it', async () => {
    await client.transaction(async (tx) => {
      await tx.query(WRITE, [10_001]);
      // Ten looks of the rule's clock, each of which would have checkpointed outside a transaction.
      await sleep(RULE.everyMs * 10);
      expect(await sinceCheckpoint(tx.query.bind(tx))).toBeGreaterThan(2 * RULE.afterBytes);
    });
    expect(await checkpointSoon()).toBe(true);
    expect((await client.query<{ n: number }>('select count(*)::int as n from t')).rows).toEqual([{ n: 12_000 }]);
  });
});
