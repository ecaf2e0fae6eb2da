import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './client.js';
import { nameStatement } from './statement-names.js';

/**
 * A hot query built once per database instead of on every request (docs/performance.md, issue 13: the
 * ORM's query building was a quarter of the CPU under load), and prepared as `name`: each
 * PostgreSQL connection, and the embedded database, then parses and plans it once and runs it by
 * name afterwards. It runs on the database itself, never inside a transaction.
 */
export function builtOnce<P extends { getQuery(): { sql: string } }>(
  name: string,
  build: (db: Db) => { prepare(name: string): P },
): (db: Db) => P {
  const built = new WeakMap<Db, P>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db).prepare(name);
      nameStatement(query.getQuery().sql, name);
      built.set(db, query);
    }
    return query;
  };
}

const dialect = new PgDialect();

/**
 * A statement the query builder cannot write (the spends' data-modifying CTEs), written once with
 * `sql.placeholder` values and run by name (docs/performance.md P6). Each PostgreSQL connection, and
 * the embedded database, parses and plans it once: the unlock spent 0.8 of its 1.3 ms of database
 * time on both, every time. A name belongs to the connection, so it works inside a transaction too.
 */
export function namedStatement(
  name: string,
  statement: SQL,
): (db: DbOrTx, values: Record<string, unknown>) => Promise<unknown> {
  const query = dialect.sqlToQuery(statement);
  nameStatement(query.sql, name);
  return (db, values) => db._.session.prepareQuery(query, undefined, name, false).execute(values);
}
