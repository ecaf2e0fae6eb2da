/**
 * The names of Kettle's hot statements, by their text (prepared.ts). PostgreSQL gets the name from
 * drizzle; on the embedded tier the database thread reads it here, since drizzle's PGlite session
 * drops it, and runs the statement by name there too (pglite-worker.js).
 */
const names = new Map<string, string>();

export function nameStatement(text: string, name: string): void {
  names.set(text, name);
}

/** The name a statement of this text runs by, if it is one of the hot ones. */
export const statementName = (text: string): string | undefined => names.get(text);
