import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fromRawRow } from './raw-rows.js';
import { users } from './schema.js';

/** A users row as a raw statement (or row_to_json) hands it over: every column, by its SQL name. */
function rawUser(values: Record<string, unknown>): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const column of Object.values(getTableColumns(users))) raw[column.name] = null;
  return { ...raw, ...values };
}

describe('fromRawRow', () => {
  it('maps a raw row as the ORM would: camelCase keys, Date timestamps, numbers, the rest as stored', () => {
    const raw = rawUser({ username: 'ava', coin_balance: '42', created_at: '2026-12-02T00:10:00.123456+00:00' });
    for (let i = 0; i < 2; i += 1) {
      const row = fromRawRow(users, raw);
      expect(row.username).toBe('ava');
      expect(row.coinBalance).toBe(42);
      expect(row.createdAt).toEqual(new Date('2026-12-02T00:10:00.123Z'));
      expect(row.emailVerifiedAt).toBeNull();
    }
  });

  it('refuses a row missing a column rather than answer undefined for it', () => {
    const { username: _left, ...raw } = rawUser({ username: 'ava' });
    expect(() => fromRawRow(users, raw)).toThrow('raw row: no users.username');
  });
});
