// The benches' teas, grown inside the database (one INSERT ... SELECT per chunk), 90% approved and
// the rest pending, spread over the categories and states. Two texts: searchable teas for the
// benches that build the app in their process (their search terms below), and the built server's
// demo community grown with plain teas. One SQL for PostgreSQL and PGlite, so both engines measure
// the same dataset.
import type { Sql } from './databases.js';

export const RARE_WORD = 'zyxquorbit';
export const COMMON_WORD = 'brew';
export const ABSENT_WORD = 'brewkettle';
/**
 * A frequent word of approved teas only: tea g holds 'kettle' in its title or preview when g ends in
 * 1, 3 or 7 (its title words are the g-th and 7g-th, its preview's the 3g-th), so 30% of all teas and
 * a third of the approved ones; a tea ending in 0, the pending tenth, never does.
 */
export const FREQUENT_WORD = 'kettle';
/**
 * Issue 13's term: its text is seeded only into pending posts (every tenth: 10% of the table), but
 * it is also a whole word of the category "Tea with Sprinkles", which matches an eighth of approved
 * posts. 'tea tea' (both title words of those pending posts) has no approved match at all.
 */
export const PENDING_WORD = 'tea';
export const PENDING_ONLY = 'tea tea';
/**
 * Two letters, shorter than a trigram: such a term matches whole words (search.ts). 'of' is in
 * every post's preview; 'qz' is in none. Before the word index, 'qz' read every approved post's
 * trigrams.
 */
export const SHORT_WORD = 'of';
export const SHORT_ABSENT = 'qz';
/**
 * A term past the search cap whose matches sit among the oldest teas: 'number 7' at 100k teas
 * ('Post number 7.', 70-79, 700-799, 7000-7999 and 70000-79999: 10,000 approved, nine in ten of them
 * older than 70,000 teas), 'number 77' at 1M. A deep page of it needs its 1,009 newest matches, and
 * the 1,001st is 70% of the way down the table: a search that walks created_at falls off here.
 */
export const sparseOldTerm = (posts: number): string => `number ${'7'.repeat(Math.max(1, String(posts).length - 5))}`;

/** The categories and states as arrays (`c`, `s`), so tea g takes one of each by its number. */
const CATEGORIES_AND_STATES = `c as (select array_agg(id order by name) a, count(*)::int n from categories),
      s as (select array_agg(id order by code) a, count(*)::int n from states)`;
/** A tea's category, state and status by its number g. */
const SPREAD = `c.a[1 + g % c.n], s.a[1 + (g / 7) % s.n], case when g % 10 = 0 then 'pending' else 'approved' end`;

const SEARCHABLE_CHUNK = 25_000;

/**
 * One author and N searchable posts: common words everywhere, a rare word in 0.1%, 5000 handles.
 * `maintained: false` skips the closing VACUUM ANALYZE: a store as a site grows it with nobody
 * running either by hand, which on PGlite leaves only the store's own upkeep (db/pglite-upkeep.js).
 * Answers the author's id.
 */
export async function seed(target: Sql, n: number, { maintained = true } = {}): Promise<string> {
  const [author] = await target.rows<{ id: string }>(
    `insert into users (username, email, password_hash) values ('bench_author', 'bench@kettle.local', 'x') returning id`,
  );
  if (!author) throw new Error('author not created');
  // Oldest first, as a site grows: each post takes its search slice on insert (migration 0016).
  for (let done = 0; done < n; done += SEARCHABLE_CHUNK) {
    const end = n - done;
    const start = Math.max(1, end - SEARCHABLE_CHUNK + 1);
    await target.run(`
      with ${CATEGORIES_AND_STATES},
           w as (select array['tea','kettle','spill','drama','gossip','steep','cup','leaf','pot','sip'] a)
      insert into posts (author_id, title, content, tagged_handle, category_id, state_id, status, created_at, published_at)
      select '${author.id}',
             'The ' || w.a[1 + g % 10] || ' ' || w.a[1 + (g * 7) % 10] || ' #' || g
               || case when g % 1000 = 0 then ' ${RARE_WORD}' else '' end,
             'A fresh ${COMMON_WORD} of ' || w.a[1 + (g * 3) % 10] || ' and ' || w.a[1 + (g * 11) % 10]
               || ', more ' || w.a[1 + (g * 13) % 10] || ' than anyone asked for. Post number ' || g || '.',
             '@user_' || (g % 5000),
             ${SPREAD},
             now() - g * interval '30 seconds',
             now() - g * interval '30 seconds'
      from generate_series(${end}, ${start}, -1) g, c, s, w`);
    process.stdout.write(`\rseeded ${done + end - start + 1}/${n} posts`);
  }
  process.stdout.write('\n');
  // What autovacuum does to a table grown over months; without it the trigger-kept counts hold
  // one dead row per insert (58 MB for 705 live rows at 1M), which no running site carries.
  if (maintained) await target.run('vacuum analyze');
  return author.id;
}

const COMMUNITY_CHUNK = 50_000;

/** $1 the author, $2..$3 the chunk's tea numbers; a day older than the demo's teas, newest first by the second. */
const COMMUNITY_TEAS = `with ${CATEGORIES_AND_STATES}
 insert into posts (author_id, title, content, tagged_handle, category_id, state_id, status, created_at, published_at)
 select $1, 'Bench tea number ' || g, 'The kettle sang for tea number ' || g || ' and the whole street heard it.',
        '@bench_' || (g % 5000), ${SPREAD},
        now() - interval '1 day' - g * interval '30 seconds', now() - interval '1 day' - g * interval '30 seconds'
 from generate_series($2::int, $3::int) g, c, s`;

/**
 * The built server's demo community grown by `count` teas. `target`: a database the server has
 * already migrated and seeded; its first user writes the teas.
 */
export async function seedPosts(target: Sql, count: number): Promise<void> {
  const [first] = await target.rows<{ id: string }>('select id from users order by created_at limit 1');
  const authorId = first?.id;
  if (!authorId) throw new Error('the database has no user to write the bench teas');
  for (let start = 1; start <= count; start += COMMUNITY_CHUNK) {
    const end = Math.min(count, start + COMMUNITY_CHUNK - 1);
    await target.run(COMMUNITY_TEAS, [authorId, start, end]);
    process.stdout.write(`\rseeded ${end}/${count} teas`);
  }
  process.stdout.write('\n');
  await target.run('analyze');
}
