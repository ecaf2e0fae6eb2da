import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { categories, states } from '../../../db/schema.js';
import { parsedPages } from '../../../lib/page-cache.js';
import { rowsOf } from '../../../lib/sql-rows.js';
import { termWords } from './search.js';

/**
 * Every category and state name as the search matches names (termWords), kept as a page of the
 * page cache: any write request starts a new generation, so a renamed or added category is
 * matched from the next request on, and other servers follow as they do for pages.
 */
type NamesPage = {
  /** Whether every name is ASCII: only then does termWords here split them as the SQL does. */
  ascii: boolean;
  categories: string[];
  states: Array<{ words: string; code: string }>;
};

const KEY = 'search-names';

const parsed = parsedPages<NamesPage>(4);

async function namesPage(ctx: AppContext): Promise<NamesPage> {
  const text = await ctx.pages.get(KEY, async () => {
    const result = await ctx.db.execute(sql`
      select ${categories.name} as name, null as code from ${categories}
      union all select ${states.name}, ${states.code} from ${states}`);
    const rows = rowsOf<{ name: string; code: string | null }>(result);
    const page: NamesPage = {
      // eslint-disable-next-line no-control-regex -- ASCII is exactly what is tested
      ascii: rows.every(({ name }) => /^[\x00-\x7f]*$/.test(name)),
      categories: rows.filter((row) => row.code === null).map(({ name }) => termWords(name)),
      states: rows.flatMap(({ name, code }) => (code === null ? [] : [{ words: termWords(name), code }])),
    };
    return JSON.stringify(page);
  });
  return parsed(text);
}

/**
 * Whether `term` names no category and no state, answered without a statement when the kept
 * names allow it (docs/performance.md P4: a statement costs 0.2-0.4 ms on PGlite however small). False
 * means "ask the database": the term may name one, or a name is not ASCII, whose words PostgreSQL
 * may split differently.
 */
export async function namesNothing(ctx: AppContext, term: string): Promise<boolean> {
  // Without the page cache the names would be read per search: one statement, as the scope's.
  if (ctx.config.pageCacheMs <= 0) return false;
  const page = await namesPage(ctx);
  if (!page.ascii) return false;
  const wanted = termWords(term);
  const holds = (words: string) => wanted !== '' && ` ${words} `.includes(` ${wanted} `);
  const code = term.trim().toUpperCase();
  return !page.categories.some(holds) && !page.states.some((s) => s.code === code || holds(s.words));
}
