import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  causeChain,
  isDeadlock,
  isForeignKeyViolation,
  isNumericOutOfRange,
  isSerializationFailure,
  uniqueViolationConstraint,
} from './pg-errors.js';

/**
 * The error a statement fails with, as the app's own database handle gives it (the suite's engine:
 * PGlite through its worker thread, or node-postgres), under drizzle's wrapper.
 */
async function failureOf(statement: ReturnType<typeof sql>): Promise<unknown> {
  return app.ctx.db.execute(statement).then(
    () => {
      throw new Error('expected the statement to fail');
    },
    (error: unknown) => error,
  );
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await app.ctx.db.execute(sql`create table node (id int primary key, parent int references node (id), n int4)`);
  await app.ctx.db.execute(sql`insert into node values (1, null, 2147483647), (2, 1, 1)`);
  await app.ctx.db.execute(sql`create table leaf (node int references node (id) on delete restrict)`);
  await app.ctx.db.execute(sql`insert into leaf values (2)`);
});
afterAll(async () => app.teardown());

describe('PostgreSQL errors through the ORM', () => {
  it('names the constraint a unique violation broke, and nothing for other failures', async () => {
    const duplicate = await failureOf(sql`insert into node values (1, null, 0)`);
    expect(uniqueViolationConstraint(duplicate)).toBe('node_pkey');
    expect(isForeignKeyViolation(duplicate)).toBe(false);
    expect(uniqueViolationConstraint(await failureOf(sql`select 1 / 0`))).toBeNull();
  });

  it('tells a row still referenced (either kind of key) and a sum past int4', async () => {
    const referenced = await failureOf(sql`delete from node where id = 1`);
    expect(isForeignKeyViolation(referenced)).toBe(true);
    // A key declared `on delete restrict` (posts hold their category and state so) answers 23001.
    expect(isForeignKeyViolation(await failureOf(sql`delete from node where id = 2`))).toBe(true);
    expect(uniqueViolationConstraint(referenced)).toBeNull();
    expect(isNumericOutOfRange(await failureOf(sql`update node set n = n + 1 where id = 1`))).toBe(true);
    expect(isNumericOutOfRange(referenced)).toBe(false);
  });

  it('tells a serialization failure and a deadlock apart from other failures', async () => {
    const raise = (code: string) => sql.raw(`do $$ begin raise exception 'lost' using errcode = '${code}'; end $$`);
    const serialization = await failureOf(raise('40001'));
    expect(isSerializationFailure(serialization)).toBe(true);
    expect(isDeadlock(serialization)).toBe(false);
    expect(isDeadlock(await failureOf(raise('40P01')))).toBe(true);
    expect(isSerializationFailure(await failureOf(sql`select 1 / 0`))).toBe(false);
  });

  it('finds the code under another wrapper, but not past four levels', async () => {
    const duplicate = await failureOf(sql`insert into node values (2, null, 0)`);
    expect(uniqueViolationConstraint(new Error('queued job failed', { cause: duplicate }))).toBe('node_pkey');
    const buried = new Error('4', { cause: new Error('3', { cause: new Error('2', { cause: duplicate }) }) });
    expect(uniqueViolationConstraint(buried)).toBeNull();
  });
});

describe('causeChain', () => {
  it('walks outermost first, four levels at most (a cycle too), and stops at a cause that is no object', () => {
    const inner = new Error('inner', { cause: 'a string' });
    const outer = new Error('outer', { cause: inner });
    expect([...causeChain(outer)]).toEqual([outer, inner]);
    const looped: { cause?: unknown } = {};
    looped.cause = looped;
    expect([...causeChain(looped)]).toHaveLength(4);
    expect([...causeChain(null)]).toEqual([]);
  });
});
