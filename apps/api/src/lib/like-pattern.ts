/** `%`, `_` and `\` typed by the user are literal characters, not wildcards. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
