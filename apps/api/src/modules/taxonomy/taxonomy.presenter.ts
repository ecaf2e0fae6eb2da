import type { Category, UsState } from '@kettle/shared';
import type { categories, states } from '../../db/schema.js';

export type CategoryRow = typeof categories.$inferSelect;
export type StateRow = typeof states.$inferSelect;

/** The only way a category row leaves the server: every field listed. */
export const toCategory = (row: CategoryRow): Category => ({
  id: row.id,
  name: row.name,
  description: row.description,
});

/** The only way a state row leaves the server: every field listed. */
export const toState = (row: StateRow): UsState => ({
  id: row.id,
  name: row.name,
  code: row.code,
  description: row.description,
});

/** Lists are small reference data, so they come whole; metadata keeps the §7 list shape. */
export const toList = <T>(items: T[]) => ({
  data: items,
  metadata: { total_elements: items.length, skip: 0, limit: items.length },
});
