import { Column, getTableColumns, getTableName, type Table } from 'drizzle-orm';

type Field = { key: string; name: string; map: ((value: unknown) => unknown) | null };

const fieldsOf = new WeakMap<Table, Field[]>();
const asStored = Column.prototype.mapFromDriverValue;

/**
 * A table's columns as fromRawRow walks them, found once per table: listing them on every row,
 * and calling a mapper that hands back what it got for every text, uuid and boolean, cost a spend
 * about 3 µs of its server's CPU (the actor's row and the unlocked tea's).
 */
function fieldsOfTable(table: Table): Field[] {
  let fields = fieldsOf.get(table);
  if (!fields) {
    fields = Object.entries(getTableColumns(table)).map(([key, column]) => ({
      key,
      name: column.name,
      map: column.mapFromDriverValue === asStored ? null : (value: unknown) => column.mapFromDriverValue(value),
    }));
    fieldsOf.set(table, fields);
  }
  return fields;
}

/**
 * A row (or a json object) a raw statement returned, keyed by SQL column names, as the ORM would
 * have mapped it: camelCase keys and Date timestamps. The spend statements (unlock, vote, comment)
 * are raw SQL so each can be one statement, yet their answers reuse the ORM-typed presenters.
 */
export function fromRawRow<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const { key, name, map } of fieldsOfTable(table)) {
    const value = raw[name];
    if (value === undefined) throw new Error(`raw row: no ${getTableName(table)}.${name}`);
    row[key] = value === null || map === null ? value : map(value);
  }
  return row as T['$inferSelect'];
}
