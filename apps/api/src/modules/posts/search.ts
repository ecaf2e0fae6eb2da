import { SEARCH_COUNT_CAP, type PostListQuery } from '@kettle/shared';
import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { categories, postCounts, posts, states } from '../../db/schema.js';

/** `%`, `_` and `\` typed by the user are literal characters, not wildcards. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every branch is served by a pg_trgm GIN index (migration 0002): ILIKE on title and content,
 * LIKE on lower(tagged_handle). A leading '@' searches handles only.
 */
export function searchCondition(term: string): SQL | undefined {
  const handle = sql`lower(${posts.taggedHandle}) like ${containsPattern(term.toLowerCase())}`;
  if (term.startsWith('@')) return handle;
  const pattern = containsPattern(term);
  return or(ilike(posts.title, pattern), ilike(posts.content, pattern), handle);
}

/** Names and codes resolve inside the statement: an unknown one simply matches nothing. */
const categoryIdsNamed = (name: string) =>
  sql`(select ${categories.id} from ${categories} where lower(${categories.name}) = lower(${name}))`;
const stateIdsNamed = (nameOrCode: string) =>
  sql`(select ${states.id} from ${states} where lower(${states.name}) = lower(${nameOrCode}) or ${states.code} = upper(${nameOrCode}))`;
const categoryNamed = (name: string) => inArray(posts.categoryId, categoryIdsNamed(name));
const stateNamed = (nameOrCode: string) => inArray(posts.stateId, stateIdsNamed(nameOrCode));

/** The public list: approved posts and the caller's filters. */
export function publicListWhere(query: PostListQuery): SQL | undefined {
  const filters: Array<SQL | undefined> = [eq(posts.status, 'approved')];
  if (query.category_id) filters.push(eq(posts.categoryId, query.category_id));
  if (query.state_id) filters.push(eq(posts.stateId, query.state_id));
  if (query.category) filters.push(categoryNamed(query.category));
  if (query.state) filters.push(stateNamed(query.state));
  if (query.search) filters.push(searchCondition(query.search));
  return and(...filters);
}

export type ListTotal = { total: number; capped: boolean };

/** Browsing and filters: an exact total from the trigger-kept counts, a few rows at any size. */
async function countApproved(db: DbOrTx, query: PostListQuery): Promise<number> {
  const filters: SQL[] = [];
  if (query.category_id) filters.push(eq(postCounts.categoryId, query.category_id));
  if (query.state_id) filters.push(eq(postCounts.stateId, query.state_id));
  if (query.category) filters.push(inArray(postCounts.categoryId, categoryIdsNamed(query.category)));
  if (query.state) filters.push(inArray(postCounts.stateId, stateIdsNamed(query.state)));
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${postCounts.approved}), 0)::int` })
    .from(postCounts)
    .where(and(...filters));
  return Number(row?.n ?? 0);
}

/**
 * Exact for browsing and filters; for a text search at most SEARCH_COUNT_CAP (performance.md:
 * an exact count of a common term costs seconds at a million posts).
 */
export async function countMatches(db: DbOrTx, where: SQL | undefined, query: PostListQuery): Promise<ListTotal> {
  if (!query.search) return { total: await countApproved(db, query), capped: false };
  const limited = db
    .select({ one: sql`1` })
    .from(posts)
    .where(where)
    .limit(SEARCH_COUNT_CAP + 1)
    .as('limited');
  const [row] = await db.select({ n: count() }).from(limited);
  const n = row?.n ?? 0;
  return { total: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP };
}
