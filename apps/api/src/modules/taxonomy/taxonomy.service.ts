import type { DbOrTx } from '../../db/client.js';
import { conflict, notFound, type FieldError } from '../../lib/app-error.js';
import { recordAudit } from '../../lib/audit.js';
import { isForeignKeyViolation, uniqueViolationConstraint } from '../../lib/pg-errors.js';
import type { TaxonomyKind } from './taxonomy.repository.js';

export type Actor = { id: string };

/** GET /categories/{id}, /states/{id}: the row, or the kind's 404. */
export async function getItem<Row extends { id: string }, Values>(
  db: DbOrTx,
  kind: TaxonomyKind<Row, Values>,
  id: string,
): Promise<Row> {
  const row = await kind.find(db, id);
  if (!row) throw notFound(kind.messages.notFound);
  return row;
}

const conflictOf = (errors: FieldError[]) => conflict(errors[0]?.message ?? 'Conflict.', errors);

/** Two admins saving the same name at once both pass the pre-check; the unique index decides. */
async function mapUniqueViolation<Row extends { id: string }, Values, T>(
  kind: TaxonomyKind<Row, Values>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = uniqueViolationConstraint(error);
    const field = constraint === null ? null : kind.conflictOfConstraint(constraint);
    if (field) throw conflictOf([field]);
    throw error;
  }
}

async function assertFree<Row extends { id: string }, Values>(
  db: DbOrTx,
  kind: TaxonomyKind<Row, Values>,
  values: Values,
  exceptId?: string,
): Promise<void> {
  const errors = await kind.conflicts(db, values, exceptId);
  if (errors.length > 0) throw conflictOf(errors);
}

export function createItem<Row extends { id: string }, Values>(
  db: DbOrTx,
  kind: TaxonomyKind<Row, Values>,
  values: Values,
  actor: Actor,
): Promise<Row> {
  return mapUniqueViolation(kind, () =>
    db.transaction(async (tx) => {
      await assertFree(tx, kind, values);
      const row = await kind.insert(tx, values);
      await recordAudit(tx, {
        actorId: actor.id,
        action: `${kind.target}.create`,
        targetType: kind.target,
        targetId: row.id,
        data: { before: null, after: kind.present(row) },
      });
      return row;
    }),
  );
}

export function updateItem<Row extends { id: string }, Values>(
  db: DbOrTx,
  kind: TaxonomyKind<Row, Values>,
  id: string,
  values: Values,
  actor: Actor,
): Promise<Row> {
  return mapUniqueViolation(kind, () =>
    db.transaction(async (tx) => {
      const before = await kind.lock(tx, id);
      if (!before) throw notFound(kind.messages.notFound);
      await assertFree(tx, kind, values, id);
      const after = await kind.update(tx, id, values);
      if (!after) throw notFound(kind.messages.notFound);
      await recordAudit(tx, {
        actorId: actor.id,
        action: `${kind.target}.update`,
        targetType: kind.target,
        targetId: id,
        data: { before: kind.present(before), after: kind.present(after) },
      });
      return after;
    }),
  );
}

/** Posts reference their category and state; one in use is kept, and the admin told why. */
export async function deleteItem<Row extends { id: string }, Values>(
  db: DbOrTx,
  kind: TaxonomyKind<Row, Values>,
  id: string,
  actor: Actor,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const row = await kind.lock(tx, id);
      if (!row) throw notFound(kind.messages.notFound);
      const used = await kind.postCount(tx, id);
      if (used > 0) throw conflict(kind.messages.inUse(used));
      await kind.remove(tx, id);
      await recordAudit(tx, {
        actorId: actor.id,
        action: `${kind.target}.delete`,
        targetType: kind.target,
        targetId: id,
        data: { before: kind.present(row), after: null },
      });
    });
  } catch (error) {
    // The row lock makes this unlikely; the foreign key is the last word if a post slipped in.
    if (!isForeignKeyViolation(error)) throw error;
    throw conflict(kind.messages.inUse(Math.max(1, await kind.postCount(db, id))));
  }
}
