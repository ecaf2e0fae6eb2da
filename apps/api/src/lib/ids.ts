const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs: anything else names no row, so lookups answer "not found" without asking SQL. */
export const isUuid = (id: string): boolean => UUID.test(id);
