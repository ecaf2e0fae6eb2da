import { SEARCH_COUNT_CAP, type PostListQuery } from '@kettle/shared';
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.js';
import type { PostRow } from '../../../db/rows.js';
import { categories, postCounts, postUnlocks, posts, states } from '../../../db/schema.js';
import { containsPattern } from '../../../lib/like-pattern.js';
import { asciiIlike, isPlainAscii } from './ascii-match.js';
import type { Viewer } from '../access/rule.js';
import { slicedSearchPage, termTrigrams, type SlicedSearch } from './search-slices.js';

/**
 * What a search may read beyond what every reader sees (title, 150-character preview, category,
 * state, a whole handle). Content and handle fragments only of posts this reader can open, so the
 * result set never answers a question about hidden text (issue 10, item 1).
 */
export type SearchScope = {
  /** Admins read every post in full. */
  everything: boolean;
  /** The reader's own posts; null for a visitor. */
  authorId: string | null;
  /** Posts the reader unlocked: few, so the content branch stays an index probe by id. */
  unlockedIds: string[];
  /** Categories and states the term names. */
  categoryIds: string[];
  stateIds: string[];
  /**
   * Approved posts under the list's filters in those categories and states, from the kept counts:
   * the search matches at least these, so past SEARCH_COUNT_CAP its total is known to be capped.
   */
  namedMatches: number;
};

/**
 * For lists whose every post the caller reads in full (their own posts, the admin desk): title,
 * content and handle fragments. A leading '@' searches handles only.
 */
export function searchCondition(term: string): SQL | undefined {
  const handle = sql`lower(${posts.taggedHandle}) like ${containsPattern(term.toLowerCase())}`;
  if (term.startsWith('@')) return handle;
  const pattern = containsPattern(term);
  return or(ilike(posts.title, pattern), ilike(posts.content, pattern), handle);
}

/** '@Jane', 'jane' → '@jane', the form the handle index holds; null when it cannot be a handle. */
export function wholeHandle(term: string): string | null {
  const bare = term.startsWith('@') ? term.slice(1) : term;
  return /^[A-Za-z0-9_]+$/.test(bare) ? `@${bare.toLowerCase()}` : null;
}

/** Lower-case words separated by single spaces: what a category or state name is matched on. */
export const termWords = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A category or state name matches when the term is one or more of its whole words ("Diaries"). */
function nameHasWords(name: AnyPgColumn, term: string): SQL {
  const wanted = termWords(term);
  if (wanted === '') return sql`false`;
  const nameWords = sql`' ' || trim(regexp_replace(lower(${name}), '[^[:alnum:]]+', ' ', 'g')) || ' '`;
  return sql`strpos(${nameWords}, ${` ${wanted} `}) > 0`;
}

/** Served by btree indexes: category, state, the primary key. */
const inIds = (column: AnyPgColumn, ids: string[]) => (ids.length > 0 ? inArray(column, ids) : undefined);

/**
 * The column of an approved post, null otherwise: the expression of the approved-only trigram
 * indexes (migration 0009), written the same way so the planner matches them and their statistics.
 * Under publicListWhere's status filter it selects exactly what the bare column did.
 */
const ifApproved = (column: AnyPgColumn): SQL => sql`(case when ${posts.status} = 'approved' then ${column} end)`;

/**
 * Whether the term holds a run of three letters or digits, the least a trigram index narrows by.
 * Without one ('qz', 'NY', 'a b') an ILIKE would read every approved post's trigrams.
 */
const hasTrigram = (term: string): boolean => /[\p{L}\p{N}]{3}/u.test(term);

/**
 * A short term matches approved titles and previews that hold its words whole ('la' finds 'in LA',
 * not 'Dallas') and its text as typed ('50%' finds '50%_off', not '50 off'), through the words kept
 * in search_words (migration 0010). Whole words, not word beginnings: the planner prices a word by
 * its frequency ('the' is read from the newest rows, 'qz' from the index), while it gives every
 * prefix one guess, and fetching the 900,000 rows of 'th:*' from the index took 110 ms at 1M.
 */
function hasWords(term: string, pattern: string): SQL {
  const wanted = termWords(term);
  if (wanted === '') return sql`false`;
  // Checked on the rows the word index finds: '|| ''' keeps the trigram indexes, which have nothing
  // to narrow a short term by, out of the plan. An ASCII term is checked under "C" (ascii-match.ts).
  const check = isPlainAscii(term) ? asciiIlike : (text: SQL, like: string) => ilike(sql`(${text})`, like);
  const literally = or(check(sql`${posts.title} || ''`, pattern), check(sql`${posts.preview} || ''`, pattern));
  return sql`(${posts.searchWords} @@ to_tsquery('simple', ${wanted.split(' ').join(' & ')}) and ${literally})`;
}

/**
 * The ways a post matches a reader's search, each with its own index: `titles`, the approved
 * titles and previews (pg_trgm GIN, or the words index for a short term), and `others`, named
 * categories and states, a whole handle, and the content of posts the reader can open (btrees). A
 * leading '@' searches handles only, and has no `titles`.
 */
function readerSearchBranches(term: string, scope: SearchScope): { titles: SQL | undefined; others: SQL[] } {
  const handle = wholeHandle(term);
  const handleIs = handle ? sql`lower(${posts.taggedHandle}) = ${handle}` : undefined;
  const handleContains = sql`lower(${posts.taggedHandle}) like ${containsPattern(term.toLowerCase())}`;
  const byHandle = term.startsWith('@');
  const pattern = containsPattern(term);
  const titles = byHandle
    ? undefined
    : hasTrigram(term)
      ? or(ilike(ifApproved(posts.title), pattern), ilike(ifApproved(posts.preview), pattern))
      : hasWords(term, pattern);
  const seen = byHandle
    ? [handleIs]
    : [inIds(posts.categoryId, scope.categoryIds), inIds(posts.stateId, scope.stateIds), handleIs];
  const opened = byHandle ? handleContains : or(ilike(posts.content, pattern), handleContains);
  // A reader's own and unlocked posts are found by author and id, then read row by row: '|| ''' keeps
  // the trigram indexes out, which would fetch every post sharing the term's trigrams ('tea tea':
  // every pending post) to keep a few dozen (issue 13).
  const rowByRow = sql`lower(${posts.taggedHandle} || '') like ${containsPattern(term.toLowerCase())}`;
  const openedRows = byHandle ? rowByRow : or(ilike(sql`(${posts.content} || '')`, pattern), rowByRow);
  const open = scope.everything
    ? [opened]
    : [
        scope.unlockedIds.length > 0 ? and(inArray(posts.id, scope.unlockedIds), openedRows) : undefined,
        scope.authorId ? and(eq(posts.authorId, scope.authorId), openedRows) : undefined,
      ];
  return { titles, others: [...seen, ...open].filter((branch): branch is SQL => branch !== undefined) };
}

/**
 * Every branch has its own index, so the planner ORs bitmaps instead of scanning. Nothing to match
 * (a bare '@') matches nothing, never everything.
 */
export function readerSearchCondition(term: string, scope: SearchScope): SQL {
  const { titles, others } = readerSearchBranches(term, scope);
  return or(titles, ...others) ?? sql`false`;
}

/**
 * A search the slices serve (search-slices.ts): a term with trigrams in plain ASCII, over the
 * whole list, by a visitor or a reader. A filter narrows by its btree first, a handle search has no
 * titles, and an admin's search reads every post's content, as common as the titles: these keep the
 * one statement of searchCandidates, which stops at the cap in any order.
 */
export function slicedSearch(query: PostListQuery, scope: SearchScope | null): SlicedSearch | null {
  const term = query.search ?? '';
  const filtered = query.category_id || query.state_id || query.category || query.state;
  if (!scope || scope.everything || filtered || term.startsWith('@') || !hasTrigram(term)) return null;
  const trigrams = termTrigrams(term);
  if (!trigrams) return null;
  const { others } = readerSearchBranches(term, scope);
  return { trigrams, pattern: containsPattern(term), others: others.length > 0 ? or(...others) : undefined };
}

/**
 * The scope of one reader's search in one round trip. The ids become literals of the search
 * statement: the planner prices a literal list well, while a subquery's array of unknown length
 * made it walk the whole created_at index for rare terms.
 */
export async function searchScope(
  db: DbOrTx,
  viewer: Viewer,
  query: PostListQuery,
  namesNothing: (term: string) => Promise<boolean> = async () => false,
): Promise<SearchScope> {
  const term = query.search ?? '';
  const everything = viewer?.isAdmin ?? false;
  const authorId = viewer?.id ?? null;
  const byHandle = term.startsWith('@');
  // A visitor or an admin has no unlock set, and a handle search reads no names (nor does a term
  // the kept names show to name none, search-names.ts): nothing to ask.
  if ((viewer === null || everything) && (byHandle || (await namesNothing(term)))) {
    return { everything, authorId, unlockedIds: [], categoryIds: [], stateIds: [], namedMatches: 0 };
  }
  const unlocked =
    viewer && !viewer.isAdmin
      ? sql`select ${postUnlocks.postId} from ${postUnlocks} where ${postUnlocks.userId} = ${viewer.id}`
      : sql`select null::uuid where false`;
  const stateCode = sql`${states.code} = ${term.trim().toUpperCase()}`;
  const named = sql`(select
    array(select ${categories.id} from ${categories} where ${nameHasWords(categories.name, term)}) as c,
    array(select ${states.id} from ${states} where ${stateCode} or ${nameHasWords(states.name, term)}) as s
  ) as named`;
  // Most terms name nothing, and then the counts are not read at all.
  const inNamed = sql`(${postCounts.categoryId} = any(named.c) or ${postCounts.stateId} = any(named.s))`;
  const namedMatches = byHandle
    ? sql<number>`0`
    : sql<number>`case when cardinality(named.c) + cardinality(named.s) = 0 then 0 else
        (select coalesce(sum(${postCounts.approved}), 0)::int from ${postCounts} where ${and(inNamed, ...countFilters(query))})
      end`;
  const [row] = await db
    .select({
      categoryIds: sql<string[]>`named.c::text[]`,
      stateIds: sql<string[]>`named.s::text[]`,
      unlockedIds: sql<string[]>`array(${unlocked})::text[]`,
      namedMatches,
    })
    .from(named);
  return {
    everything,
    authorId,
    unlockedIds: row?.unlockedIds ?? [],
    categoryIds: row?.categoryIds ?? [],
    stateIds: row?.stateIds ?? [],
    namedMatches: Number(row?.namedMatches ?? 0),
  };
}

/** Names and codes resolve inside the statement: an unknown one simply matches nothing. */
const categoryIdsNamed = (name: string) =>
  sql`(select ${categories.id} from ${categories} where lower(${categories.name}) = lower(${name}))`;
const stateIdsNamed = (nameOrCode: string) =>
  sql`(select ${states.id} from ${states} where lower(${states.name}) = lower(${nameOrCode}) or ${states.code} = upper(${nameOrCode}))`;
const categoryNamed = (name: string) => inArray(posts.categoryId, categoryIdsNamed(name));
const stateNamed = (nameOrCode: string) => inArray(posts.stateId, stateIdsNamed(nameOrCode));

/** The public list: approved posts and the caller's filters. */
export function publicListWhere(query: PostListQuery, scope: SearchScope | null): SQL | undefined {
  const filters: Array<SQL | undefined> = [eq(posts.status, 'approved')];
  if (query.category_id) filters.push(eq(posts.categoryId, query.category_id));
  if (query.state_id) filters.push(eq(posts.stateId, query.state_id));
  if (query.category) filters.push(categoryNamed(query.category));
  if (query.state) filters.push(stateNamed(query.state));
  if (query.search && scope) filters.push(readerSearchCondition(query.search, scope));
  return and(...filters);
}

export type ListTotal = { total: number; capped: boolean };

/** The list's filters on the trigger-kept counts, one row per category and state. */
function countFilters(query: PostListQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.category_id) filters.push(eq(postCounts.categoryId, query.category_id));
  if (query.state_id) filters.push(eq(postCounts.stateId, query.state_id));
  if (query.category) filters.push(inArray(postCounts.categoryId, categoryIdsNamed(query.category)));
  if (query.state) filters.push(inArray(postCounts.stateId, stateIdsNamed(query.state)));
  return filters;
}

/** Browsing and filters: an exact total from the trigger-kept counts, a few rows at any size. */
async function countApproved(db: DbOrTx, query: PostListQuery): Promise<number> {
  const filters = countFilters(query);
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${postCounts.approved}), 0)::int` })
    .from(postCounts)
    .where(and(...filters));
  return Number(row?.n ?? 0);
}

/** Browsing and filters: an exact total (no text search, so no cap). */
export async function countListed(db: DbOrTx, query: PostListQuery): Promise<ListTotal> {
  return { total: await countApproved(db, query), capped: false };
}

/**
 * A text search's matches, at most SEARCH_COUNT_CAP + 1, gathered without an order: the planner
 * can only take them from the indexes of the search (or a scan it expects to stop early, for a
 * common term), never from a walk down created_at that filters every approved post (issue 13).
 * Returns how many (the capped total) and, when that is all of them, the page's ids in list order.
 */
export function searchCandidates(db: DbOrTx, where: SQL | undefined, query: PostListQuery) {
  const found = db
    .select({ id: posts.id, createdAt: posts.createdAt })
    .from(posts)
    .where(where)
    .limit(SEARCH_COUNT_CAP + 1);
  const candidates = db.$with('candidates').as(found);
  const pageIds = sql`select ${candidates.id} from ${candidates} order by ${candidates.createdAt} desc, ${candidates.id} desc offset ${query.skip} limit ${query.limit}`;
  return db
    .with(candidates)
    .select({
      // Two references: PostgreSQL materializes the CTE, so the matches are gathered once.
      n: sql<number>`(select count(*)::int from ${candidates})`,
      ids: sql<string[]>`array(${pageIds})::text[]`,
    })
    .from(sql`(select 1) as one`);
}

/** A search's total: at most SEARCH_COUNT_CAP, and whether there were more. */
const cappedTotal = (n: number): ListTotal => ({ total: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP });

/**
 * One page of a text search and its total (at most SEARCH_COUNT_CAP: docs/performance.md, an exact
 * count of a common term costs seconds at a million posts). When the capped candidate set holds
 * every match (skip never passes the cap), the page is read by id; past the cap the term is common
 * among approved posts, and the newest-first walk finds a page within a few thousand rows. A term
 * naming a category or state that alone holds more than the cap (`namedMatches`, from the kept
 * counts) is known to be past it: gathering a thousand of its matches first cost 30-55 ms at 1M.
 * A search the slices serve (`sliced`) gets its page, rows and all, from one statement at any skip.
 */
export async function searchPage(
  db: DbOrTx,
  where: SQL | undefined,
  query: PostListQuery,
  namedMatches = 0,
  sliced: SlicedSearch | null = null,
): Promise<{ rows: PostRow[]; total: ListTotal }> {
  const named = namedMatches > SEARCH_COUNT_CAP;
  if (sliced && !named) {
    // The slices give the page at any skip, past the cap too, with its rows.
    const { n, rows } = await slicedSearchPage(db, sliced, query);
    return { rows, total: cappedTotal(n) };
  }
  const found = named ? { n: namedMatches, ids: [] } : (await searchCandidates(db, where, query))[0];
  const n = found?.n ?? 0;
  const total = cappedTotal(n);
  const ids = found?.ids ?? [];
  // Past the cap the page is found by walking created_at.
  const walk = n > SEARCH_COUNT_CAP;
  if (!walk && ids.length === 0) return { rows: [], total };
  // Read by id, the search condition checked again: a post withdrawn in between stays out.
  const scope = walk ? where : and(inArray(posts.id, ids), where);
  const rows = await db
    .select()
    .from(posts)
    .where(scope)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .offset(walk ? query.skip : 0)
    .limit(query.limit);
  return { rows, total };
}
