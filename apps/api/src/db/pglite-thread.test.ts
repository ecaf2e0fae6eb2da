import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unavailableCause } from '../lib/unavailable.js';
import { openPgliteThread, type PgliteThread } from './pglite-thread.js';
import { nameStatement } from './statement-names.js';

/** A statement that keeps PGlite busy for a while (about a second here) without touching a table. */
const SLOW = 'select count(*)::int as n from generate_series(1, 3000000)';

describe('PGlite on its own thread', () => {
  let client: PgliteThread;
  beforeAll(async () => {
    client = await openPgliteThread();
    await client.exec('create table t (id int primary key, note text, at timestamptz)');
  });
  afterAll(() => client.close());

  it('keeps the event loop turning while a slow statement runs', async () => {
    let done = false;
    const slow = client.query<{ n: number }>(SLOW).then((result) => {
      done = true;
      return result;
    });
    // On the server's own thread, this timer could only fire after the statement had finished.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    expect((await slow).rows).toEqual([{ n: 3_000_000 }]);
  });

  it("answers rows in drizzle's modes, keeping the text of types whose parser keeps it", async () => {
    await client.query("insert into t values (1, 'one', '2026-01-02 03:04:05+00')");
    const keep = { 1184: (value: string) => value };
    const objects = await client.query('select id, note, at from t', [], { rowMode: 'object', parsers: keep });
    expect(objects.rows).toEqual([{ id: 1, note: 'one', at: '2026-01-02 03:04:05+00' }]);
    const arrays = await client.query('select id, at from t where id = $1', [1], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, new Date('2026-01-02T03:04:05Z')]]);
    await expect(client.query('select 1', [], { parsers: { 1184: () => 0 } })).rejects.toThrow(/keep the text/);
  });

  it("carries PostgreSQL's error fields across, for the conflict answers that read them", async () => {
    const error: unknown = await client.query("insert into t values (1, 'again', now())").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey', message: expect.stringMatching(/duplicate/) });
  });

  it('rolls a transaction back when its work throws, and commits it otherwise', async () => {
    await expect(
      client.transaction(async (tx) => {
        await tx.query("insert into t values (2, 'two', now())");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await client.transaction(async (tx) => void (await tx.query("insert into t values (3, 'three', now())")));
    const { rows } = await client.query<{ id: number }>('select id from t order by id');
    expect(rows.map((r) => r.id)).toEqual([1, 3]);
  });

  it('holds a statement from outside until an open transaction ends, as PGlite does', async () => {
    const seen: string[] = [];
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const tx = client.transaction(async (t) => {
      await t.query("update t set note = 'inside' where id = 1");
      await gate;
      seen.push('transaction ends');
    });
    const outside = client.query<{ note: string }>('select note from t where id = 1').then((result) => {
      seen.push('outside answered');
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    release();
    await tx;
    expect((await outside).rows).toEqual([{ note: 'inside' }]);
    expect(seen).toEqual(['transaction ends', 'outside answered']);
  });

  it('refuses work on a transaction after its rollback', async () => {
    await expect(
      client.transaction(async (tx) => {
        await tx.rollback();
        await tx.query('select 1');
      }),
    ).rejects.toThrow('Transaction is closed');
  });
});

describe('PGlite on its own thread: a named statement', () => {
  let client: PgliteThread;
  const NOTE_OF = 'select note, at, $2::int[] as ids from t where id = $1';
  const INVERSE = 'select 100 / $1::int as n';
  beforeAll(async () => {
    client = await openPgliteThread();
    await client.exec(
      "create table t (id int primary key, note text, at timestamptz); insert into t values (1, 'one', '2026-01-02 03:04:05+00')",
    );
    nameStatement(NOTE_OF, 'kettle_test_note_of');
    nameStatement(INVERSE, 'kettle_test_inverse');
  });
  afterAll(() => client.close());

  const runs = async (name: string): Promise<number> => {
    const { rows } = await client.query<{ runs: number }>(
      'select (generic_plans + custom_plans)::int as runs from pg_prepared_statements where name = $1',
      [name],
    );
    return rows[0]?.runs ?? 0;
  };

  it('is prepared once and run by name, its values and rows written and read as an unnamed one', async () => {
    const keep = { 1184: (value: string) => value };
    for (let i = 0; i < 3; i += 1) {
      const { rows } = await client.query(NOTE_OF, [1, [4, 5]], { rowMode: 'object', parsers: keep });
      expect(rows).toEqual([{ note: 'one', at: '2026-01-02 03:04:05+00', ids: [4, 5] }]);
    }
    expect(await runs('kettle_test_note_of')).toBe(3);
    const arrays = await client.query(NOTE_OF, [1, null], { rowMode: 'array' });
    expect(arrays.rows).toEqual([['one', new Date('2026-01-02T03:04:05Z'), null]]);
    expect((await client.query(NOTE_OF, [2, []])).rows).toEqual([]);
  });

  it("fails with PostgreSQL's error fields, and the next statement is served", async () => {
    await expect(client.query(INVERSE, [0])).rejects.toMatchObject({ code: '22012' });
    expect((await client.query(INVERSE, [4])).rows).toEqual([{ n: 25 }]);
  });

  it('fails the rest of a transaction it failed in, and keeps none of its writes', async () => {
    const error = await client
      .transaction(async (tx) => {
        await tx.query("insert into t values (2, 'two', now())");
        await tx.query(INVERSE, [0]).catch(() => undefined);
        await tx.query('select 1');
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '25P02' });
    expect((await client.query<{ n: number }>('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
  });
});

describe('PGlite on its own thread, in a folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kettle-pglite-thread-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // A guard, not a speed assertion: two stores made in a new folder took 6 s alone and 18 s in a
  // `.ci/run` sharing the cores, against the default 30 s.
  it('keeps what was committed across a close and a reopen', { timeout: 90_000 }, async () => {
    const first = await openPgliteThread(dir);
    await first.exec("create table kept (v text); insert into kept values ('still here')");
    await first.close();
    const second = await openPgliteThread(dir);
    expect((await second.query('select v from kept')).rows).toEqual([{ v: 'still here' }]);
    await second.close();
    await expect(second.query('select 1')).rejects.toThrow(/stopped/);
  });
});

/** The error a rejected promise gave, for its fields. */
const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => expect.fail('expected the statement to fail'),
    (error: unknown) => error,
  );

describe('PGlite on its own thread: a statement past its bound', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kettle-pglite-bound-'));
  const BOUND_MS = 500;
  let client: PgliteThread;
  beforeAll(async () => {
    client = await openPgliteThread(dir, { statementTimeoutMs: BOUND_MS });
    await client.exec('create table t (id int primary key, note text)');
    await client.query("insert into t values (1, 'kept')");
  });
  afterAll(async () => {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const ids = async (): Promise<number[]> =>
    (await client.query<{ id: number }>('select id from t order by id')).rows.map((row) => row.id);

  it('is ended with 57014, the store reopened with what was committed, and the next statement served', async () => {
    const slow = failureOf(client.query('select pg_sleep(30)'));
    const next = client.query<{ n: number }>('select 42 as n');
    expect(await slow).toMatchObject({ code: '57014', message: expect.stringMatching(/statement timeout/) });
    expect((await next).rows).toEqual([{ n: 42 }]);
    expect(await ids()).toEqual([1]);
  });

  it('leaves nothing of a write it ended halfway', async () => {
    const bulk = "insert into t select g, 'bulk' from generate_series(10, 500000000) as g";
    expect(await failureOf(client.query(bulk))).toMatchObject({ code: '57014' });
    expect(await ids()).toEqual([1]);
  });

  it('fails the rest of a transaction whose statement it ended, so none of it runs outside one', async () => {
    let ended: unknown;
    const work = client.transaction(async (tx) => {
      await tx.query("insert into t values (2, 'in the ended transaction')");
      ended = await failureOf(tx.query('select pg_sleep(30)'));
      // Caught and carried on: on the new thread this insert would commit on its own.
      await tx.query("insert into t values (3, 'after the end')");
    });
    expect(await failureOf(work)).toMatchObject({ code: '57P01' });
    expect(ended).toMatchObject({ code: '57014' });
    expect(await ids()).toEqual([1]);
  });

  it('lets unbounded work (migrations) run past it', async () => {
    const { rows } = await client.unbounded(() =>
      client.query<{ done: number }>('select 1 as done from pg_sleep(1.5)'),
    );
    expect(rows).toEqual([{ done: 1 }]);
  });
});

/** An answer of ~400 MB of text: past a thread heap of 128 MB, far within PGlite's own memory. */
const TOO_BIG = "select repeat('x', 1000000) as s from generate_series(1, 400)";

describe('PGlite on its own thread: a thread that dies', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kettle-pglite-died-'));
  let client: PgliteThread;
  beforeAll(async () => {
    client = await openPgliteThread(dir, { heapLimitMb: 128 });
    await client.exec('create table t (id int primary key)');
    await client.query('insert into t values (1)');
  });
  afterAll(async () => {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails the statement that killed it with 53200, and serves the next on the store opened again', async () => {
    const killer = failureOf(client.query(TOO_BIG));
    const next = client.query<{ id: number }>('select id from t');
    expect(await killer).toMatchObject({ code: '53200', message: expect.stringMatching(/128 MB heap/) });
    expect((await next).rows).toEqual([{ id: 1 }]);
    expect(client.failure()).toBeUndefined();
  });

  it("fails the rest of a transaction it was running, and keeps none of the transaction's writes", async () => {
    const work = client.transaction(async (tx) => {
      await tx.query('insert into t values (2)');
      await failureOf(tx.query(TOO_BIG));
      await tx.query('insert into t values (3)');
    });
    expect(await failureOf(work)).toMatchObject({ code: '57P01' });
    expect((await client.query<{ id: number }>('select id from t order by id')).rows).toEqual([{ id: 1 }]);
  });

  it('fails every statement for good once the store cannot be opened again', async () => {
    // The control file gone, as on a lost disk: the running thread has it open, a new one cannot start.
    rmSync(join(dir, 'global', 'pg_control'));
    expect(await failureOf(client.query(TOO_BIG))).toMatchObject({ code: '53200' });
    const later = await failureOf(client.query('select 1'));
    expect(later).toMatchObject({ code: '08006', message: expect.stringMatching(/^the embedded database failed/) });
    expect(client.failure()).toBe(later);
    // Answered 503 (the error handler), as when PostgreSQL is gone.
    expect(unavailableCause(later)).toBe('08006');
  });
});

describe('PGlite on its own thread, in memory', () => {
  it('has no bound: ending the thread would lose the whole store', async () => {
    const client = await openPgliteThread(undefined, { statementTimeoutMs: 100 });
    try {
      const { rows } = await client.query<{ done: number }>('select 1 as done from pg_sleep(0.4)');
      expect(rows).toEqual([{ done: 1 }]);
    } finally {
      await client.close();
    }
  });

  it('starts from a snapshot when given one, and stays apart from the store it was taken of', async () => {
    const source = await openPgliteThread();
    const tarball = await (async () => {
      try {
        await source.exec('create table kept (n int); insert into kept values (1), (2)');
        return await source.snapshot(async (bytes) => bytes);
      } finally {
        await source.close();
      }
    })();
    const copy = await openPgliteThread(undefined, { startFrom: tarball });
    const other = await openPgliteThread(undefined, { startFrom: tarball });
    try {
      await copy.query('insert into kept values (3)');
      expect((await copy.query<{ n: number }>('select n from kept order by n')).rows).toEqual([
        { n: 1 },
        { n: 2 },
        { n: 3 },
      ]);
      expect((await other.query<{ n: number }>('select n from kept order by n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
    } finally {
      await copy.close();
      await other.close();
    }
  });
});
