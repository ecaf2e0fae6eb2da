import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client.js';

/**
 * A hot query built once per database instead of on every request (performance.md, issue 13: the
 * ORM's query building was a quarter of the CPU under load). Give it a name with drizzle's
 * `.prepare(name)`: on PostgreSQL each pooled connection then parses and plans it once and runs it
 * by name afterwards. It runs on the database itself, never inside a transaction.
 */
export function builtOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

const dialect = new PgDialect();

/**
 * A statement the query builder cannot write (the spends' data-modifying CTEs), written once with
 * `sql.placeholder` values and run by name (performance.md P6). On PostgreSQL each connection
 * parses and plans it once: the unlock spent 0.8 of its 1.3 ms of database time on both, every
 * time. A name belongs to the connection, so it works inside a transaction too. PGlite parses
 * every statement anyway.
 */
export function namedStatement(
  name: string,
  statement: SQL,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<unknown> {
  const query = dialect.sqlToQuery(statement);
  return (db, values) => db._.session.prepareQuery(query, undefined, name, false).execute(values);
}
