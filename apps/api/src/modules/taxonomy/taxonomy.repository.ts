import { TAXONOMY_MESSAGES, type CategoryValues, type StateValues } from '@kettle/shared';
import { and, asc, count, eq, ne, sql, type Column } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { categories, posts, states } from '../../db/schema.js';
import type { FieldError } from '../../lib/app-error.js';
import { toCategory, toState, type CategoryRow, type StateRow } from './taxonomy.presenter.js';

/**
 * What the shared write commands need to know about one kind of reference data. Categories
 * and states follow the same rules; only their tables, columns and words differ.
 */
export type TaxonomyKind<Row extends { id: string }, Values> = {
  /** Audit target type, and the prefix of its actions ('category.create'). */
  target: 'category' | 'state';
  messages: { notFound: string; inUse: (n: number) => string };
  /** Every row, by name: the public list. */
  all: (db: DbOrTx) => Promise<Row[]>;
  find: (db: DbOrTx, id: string) => Promise<Row | undefined>;
  /** Reads a row and locks it, so a post cannot start using it while we change or delete it. */
  lock: (tx: Tx, id: string) => Promise<Row | undefined>;
  /** Name (and code) clashes with other rows, case-insensitively. */
  conflicts: (db: DbOrTx, values: Values, exceptId?: string) => Promise<FieldError[]>;
  /** The field a unique index guards: the race the pre-check cannot see ends here. */
  conflictOfConstraint: (constraint: string) => FieldError | null;
  insert: (tx: Tx, values: Values) => Promise<Row>;
  update: (tx: Tx, id: string, values: Values) => Promise<Row | undefined>;
  remove: (tx: Tx, id: string) => Promise<void>;
  postCount: (db: DbOrTx, id: string) => Promise<number>;
  present: (row: Row) => Record<string, unknown>;
};

const sameText = (column: Column, value: string) => sql`lower(${column}) = lower(${value})`;

const CATEGORY = TAXONOMY_MESSAGES.category;
const STATE = TAXONOMY_MESSAGES.state;

export const categoryKind: TaxonomyKind<CategoryRow, CategoryValues> = {
  target: 'category',
  messages: { notFound: CATEGORY.notFound, inUse: CATEGORY.inUse },
  all: (db) => db.select().from(categories).orderBy(asc(categories.name)),
  find: async (db, id) => {
    const [row] = await db.select().from(categories).where(eq(categories.id, id));
    return row;
  },
  lock: async (tx, id) => {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    return row;
  },
  conflicts: async (db, values, exceptId) => {
    const [clash] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(sameText(categories.name, values.name), exceptId ? ne(categories.id, exceptId) : undefined))
      .limit(1);
    return clash ? [{ field: 'name', message: CATEGORY.nameTaken }] : [];
  },
  conflictOfConstraint: (constraint) =>
    constraint === 'categories_name_lower_key' ? { field: 'name', message: CATEGORY.nameTaken } : null,
  insert: async (tx, values) => {
    const [row] = await tx.insert(categories).values(values).returning();
    if (!row) throw new Error('category insert returned no row');
    return row;
  },
  update: async (tx, id, values) => {
    const [row] = await tx
      .update(categories)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(categories.id, id))
      .returning();
    return row;
  },
  remove: async (tx, id) => {
    await tx.delete(categories).where(eq(categories.id, id));
  },
  postCount: async (db, id) => {
    const [row] = await db.select({ n: count() }).from(posts).where(eq(posts.categoryId, id));
    return row?.n ?? 0;
  },
  present: toCategory,
};

export const stateKind: TaxonomyKind<StateRow, StateValues> = {
  target: 'state',
  messages: { notFound: STATE.notFound, inUse: STATE.inUse },
  all: (db) => db.select().from(states).orderBy(asc(states.name)),
  find: async (db, id) => {
    const [row] = await db.select().from(states).where(eq(states.id, id));
    return row;
  },
  lock: async (tx, id) => {
    const [row] = await tx.select().from(states).where(eq(states.id, id)).for('update');
    return row;
  },
  conflicts: async (db, values, exceptId) => {
    const others = exceptId ? ne(states.id, exceptId) : undefined;
    const [byName] = await db
      .select({ id: states.id })
      .from(states)
      .where(and(sameText(states.name, values.name), others))
      .limit(1);
    const [byCode] = await db
      .select({ id: states.id })
      .from(states)
      .where(and(eq(states.code, values.code), others))
      .limit(1);
    const errors: FieldError[] = [];
    if (byName) errors.push({ field: 'name', message: STATE.nameTaken });
    if (byCode) errors.push({ field: 'code', message: STATE.codeTaken });
    return errors;
  },
  conflictOfConstraint: (constraint) => {
    if (constraint === 'states_name_lower_key') return { field: 'name', message: STATE.nameTaken };
    if (constraint === 'states_code_key') return { field: 'code', message: STATE.codeTaken };
    return null;
  },
  insert: async (tx, values) => {
    const [row] = await tx.insert(states).values(values).returning();
    if (!row) throw new Error('state insert returned no row');
    return row;
  },
  update: async (tx, id, values) => {
    const [row] = await tx
      .update(states)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(states.id, id))
      .returning();
    return row;
  },
  remove: async (tx, id) => {
    await tx.delete(states).where(eq(states.id, id));
  },
  postCount: async (db, id) => {
    const [row] = await db.select({ n: count() }).from(posts).where(eq(posts.stateId, id));
    return row?.n ?? 0;
  },
  present: toState,
};
