/** The constraint a unique violation (23505) broke, looking through driver and ORM wrappers. */
export function uniqueViolationConstraint(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth += 1) {
    if ('code' in current && current.code === '23505') {
      return 'constraint' in current && typeof current.constraint === 'string' ? current.constraint : '';
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return null;
}

/** True when PostgreSQL refused a value past its column's range (22003, e.g. an int4 sum overflow). */
export function isNumericOutOfRange(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth += 1) {
    if ('code' in current && current.code === '22003') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
