import { getTableColumns, getTableName, type Table } from 'drizzle-orm';

/**
 * A row (or a json object) a raw statement returned, keyed by SQL column names, as the ORM would
 * have mapped it: camelCase keys and Date timestamps. The spend statements (unlock, vote, comment)
 * are raw SQL so each can be one statement, yet their answers reuse the ORM-typed presenters.
 */
export function fromRawRow<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    if (value === undefined) throw new Error(`raw row: no ${getTableName(table)}.${column.name}`);
    row[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
