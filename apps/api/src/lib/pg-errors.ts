/**
 * An error and the errors it wraps, outermost first: drizzle wraps the driver's error, a rate
 * limiter or the job queue may wrap drizzle's. Four levels cover every wrapper seen and bound a
 * cycle; a cause that is not an object ends the walk.
 */
export function* causeChain(error: unknown): Generator<object> {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth += 1) {
    yield current;
    current = 'cause' in current ? current.cause : undefined;
  }
}

/** A string field of an error object, or undefined. */
export function stringField(value: object, key: string): string | undefined {
  const field: unknown = key in value ? Reflect.get(value, key) : undefined;
  return typeof field === 'string' ? field : undefined;
}

/** The first error in the chain carrying `code`. */
const withCode = (error: unknown, code: string): object | undefined => {
  for (const current of causeChain(error)) if (stringField(current, 'code') === code) return current;
  return undefined;
};

/** The constraint a unique violation (23505) broke, looking through driver and ORM wrappers. */
export function uniqueViolationConstraint(error: unknown): string | null {
  const violation = withCode(error, '23505');
  return violation ? (stringField(violation, 'constraint') ?? '') : null;
}

/** True when PostgreSQL broke a deadlock by failing this statement (40P01); it rolled back whole. */
export function isDeadlock(error: unknown): boolean {
  return withCode(error, '40P01') !== undefined;
}

/**
 * True when PostgreSQL could not run this transaction as if alone (40001, e.g. a SERIALIZABLE
 * statement charging a row changed after its snapshot); it rolled back whole, and a new run may pass.
 */
export function isSerializationFailure(error: unknown): boolean {
  return withCode(error, '40001') !== undefined;
}

/** True when PostgreSQL refused a value past its column's range (22003, e.g. an int4 sum overflow). */
export function isNumericOutOfRange(error: unknown): boolean {
  return withCode(error, '22003') !== undefined;
}

/**
 * True when a row is still referenced: 23503 from a foreign key that takes no action, 23001 from
 * one declared `on delete restrict`, as posts hold their category and state (deleting one in use).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  return withCode(error, '23503') !== undefined || withCode(error, '23001') !== undefined;
}
