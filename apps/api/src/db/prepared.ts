import type { Db } from './client.js';

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
