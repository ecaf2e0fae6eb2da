import { sql, type SQL } from 'drizzle-orm';

/** Printable ASCII only: a term whose letters fold the same under the "C" collation as under the database's. */
export const isPlainAscii = (term: string): boolean => /^[\x20-\x7e]+$/.test(term);

/**
 * `text ILIKE pattern` for a plain ASCII term, checked row by row. The databases' ctype is
 * C.UTF-8, under which ILIKE lowers each row's text through wide characters; under "C" it folds
 * ASCII letters only, which is all an ASCII pattern can tell apart, at half the cost a row on
 * PGlite (bench:latency's search rows). What it gives up: a letter written as a sign that only the
 * locale folds to ASCII (the Kelvin sign for 'k', a dotted capital I) no longer matches the plain
 * letter. No index serves this comparison (theirs is under the default collation): callers use it
 * on rows an index already found.
 */
export const asciiIlike = (text: SQL, pattern: string): SQL => sql`(${text}) collate "C" ilike ${pattern}`;
