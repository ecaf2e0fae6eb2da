import { SEARCH_COUNT_CAP, type PostListQuery } from '@kettle/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { fromRawRow } from '../../../db/raw-rows.js';
import { posts } from '../../../db/schema.js';
import { rowsOf } from '../../../lib/sql-rows.js';
import { asciiIlike, isPlainAscii } from './ascii-match.js';

/** Slices per group; the 32 in search_slice_trigrams (migration 0016). */
const SLICE_GROUP = 32;

/**
 * The trigrams every approved title or preview holding `term` has, as show_trgm writes them
 * (lower case, each word padded with two spaces before and one after), keyed in
 * posts_slice_trigrams_idx. A word's padding is kept only where the term shows the word's edge
 * (a space or sign beside it): 'number 7' needs 'er ' and '  7', never ' 7 ', which 'number 70'
 * lacks. Null when the term is not plain ASCII, whose letters pg_trgm may fold and split otherwise.
 */
export function termTrigrams(term: string): string[] | null {
  if (!isPlainAscii(term)) return null;
  const lower = term.toLowerCase();
  const words = [...lower.matchAll(/[a-z0-9]+/g)];
  const found = new Set<string>();
  words.forEach((match, i) => {
    const word = match[0];
    const edgeBefore = i > 0 || match.index > 0;
    const edgeAfter = i < words.length - 1 || match.index + word.length < lower.length;
    const padded = `  ${word} `;
    for (let at = 0; at + 3 <= padded.length; at += 1) {
      if (at < 2 && !edgeBefore) continue;
      if (at + 3 === padded.length && !edgeAfter) continue;
      found.add(padded.slice(at, at + 3));
    }
  });
  // Only whole trigrams narrow the index: a word shorter than three letters with no edge shown
  // yields none, and then nothing may be asked of the slices.
  return found.size > 0 ? [...found] : null;
}

/**
 * An approved post whose title or preview holds the pattern: the slices' candidates checked row by
 * row, under "C" (the term is plain ASCII: termTrigrams).
 */
const holds = (pattern: string) =>
  sql`(${asciiIlike(sql`p.title`, pattern)} or ${asciiIlike(sql`p.preview`, pattern)})`;

/**
 * Trigrams as one text[] parameter (drizzle spreads a JS array into a list). A trigram of
 * termTrigrams holds only letters, digits and spaces, so quoting each is enough.
 */
export const trigramArray = (trigrams: string[]): SQL => sql`${`{${trigrams.map((t) => `"${t}"`).join(',')}}`}::text[]`;

/**
 * The approved posts of one slice ('f') or group ('c') whose title or preview holds the term, as
 * `p`: the index's candidates for the term's tokens there, checked row by row.
 */
const matchesIn = (level: 'f' | 'c', at: SQL, trigrams: string[], pattern: string) => sql`(
      select id, created_at, title, preview from posts
      where status = 'approved'
        and search_slice_trigrams(search_slice, title, preview) @> array(select ${level} || ${at} || ':' || t from unnest(${trigramArray(trigrams)}) t)
      offset 0
    ) p where ${holds(pattern)}`;

/**
 * Groups probed slice by slice with no probe of the group first: the newest two (33 to 64 slices).
 * A group's probe costs about as much as the matches it holds (GIN builds its whole bitmap before
 * the first row), so where matches are dense it cost more than the slices it could skip: a common
 * term's newest group, or the old group holding `number 7`'s 70,000s (a third of that statement on
 * PostgreSQL at 100k). An empty slice's probe costs some 20-45 µs there, so the newest 64 are
 * probed directly, and older groups keep their probe, which lets an absent term pass 65,536 posts
 * at a time at 1M.
 */
const DIRECT_GROUPS = 2;

/**
 * Approved posts whose title or preview holds the term, newest first, at most `wanted`: groups of
 * slices newest first, an older group skipped after one probe when nothing in it matches, then its
 * slices newest first, each slice's matches sorted. A slice costs an index probe plus its own
 * matches, so a term whose newest matches lie far down the table reads only the slices between,
 * and a common term stops in the first slice. `offset 0` keeps each probe on the index: flattened,
 * the planner could filter the whole table once by the pattern when it guesses the term rare.
 */
function sliceHits(trigrams: string[], pattern: string, wanted: number): SQL {
  const group = SLICE_GROUP;
  return sql`select m.id, m.created_at
    from (select coalesce(max(slice), 0) as slice from search_slices) newest
    cross join lateral generate_series(newest.slice / ${group}, 0, -1) g(n)
    cross join lateral (
      select 1 where g.n > newest.slice / ${group} - ${DIRECT_GROUPS}
        or exists (select 1 from ${matchesIn('c', sql`g.n`, trigrams, pattern)})
    ) seen
    cross join lateral generate_series(least(g.n * ${group} + ${group - 1}, newest.slice), g.n * ${group}, -1) f(n)
    cross join lateral (
      select p.id, p.created_at from ${matchesIn('f', sql`f.n`, trigrams, pattern)}
      order by p.created_at desc, p.id desc
    ) m
    limit ${wanted}`;
}

/** A search the slices serve: the term's trigrams, its ILIKE pattern, the other ways a post matches. */
export type SlicedSearch = { trigrams: string[]; pattern: string; others: SQL | undefined };

/**
 * A text search through the slices: the capped count and the page's ids, in one statement. The
 * other ways a post matches (a named category or state, a whole handle, a reader's own and unlocked
 * posts: `others`) are few and btree-served; their newest `wanted` join the slices' newest `wanted`,
 * and the page is the newest of both. Each part holds its newest `wanted` (at least skip + limit),
 * so the page is exact; past the cap the count is known to be capped.
 */
export function slicedSearchStatement(search: SlicedSearch, query: PostListQuery): SQL {
  const wanted = Math.max(SEARCH_COUNT_CAP + 1, query.skip + query.limit);
  const others = search.others
    ? sql`union select o.id, o.created_at from (
        select id, created_at from (select id, created_at from posts where status = 'approved' and (${search.others}) offset 0) b
        order by created_at desc, id desc limit ${wanted}
      ) o`
    : sql``;
  return sql`with hits as materialized (
      ${sliceHits(search.trigrams, search.pattern, wanted)}
    ), found as (select id, created_at from hits ${others})
    select (select count(*)::int from found) as n,
      array(select id from found order by created_at desc, id desc offset ${query.skip} limit ${query.limit})::text[] as ids`;
}

/**
 * A sliced search's capped count and its page's rows, newest first, in one statement: a statement of
 * their own costs PGlite an eighth of the search. One statement sees one snapshot, so the ids need
 * no second check; with the list's whole condition beside them, PostgreSQL planned its trigram
 * paths on every search and a search that found nothing took twice as long.
 */
export async function slicedSearchPage(db: DbOrTx, search: SlicedSearch, query: PostListQuery) {
  const rows = sql`select json_agg(${posts} order by ${posts.createdAt} desc, ${posts.id} desc)
    from ${posts} where ${posts.id} = any(s.ids::uuid[])`;
  const statement = sql`with s as (${slicedSearchStatement(search, query)})
    select s.n, coalesce((${rows}), '[]') as rows from s`;
  const [found] = rowsOf<{ n: number; rows: Record<string, unknown>[] }>(await db.execute(statement));
  return { n: Number(found?.n ?? 0), rows: (found?.rows ?? []).map((raw) => fromRawRow(posts, raw)) };
}
