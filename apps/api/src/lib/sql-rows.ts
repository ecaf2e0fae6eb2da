/** `db.execute` answers driver-specific shapes; both drivers put the rows under `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows;
  throw new Error('unexpected query result shape');
}
