// Grows a Kettle database to the bench's size inside the database (one INSERT ... SELECT per
// chunk): approved teas (90%) and pending ones, spread over the categories and states, newest
// first by the second. One statement for PostgreSQL and PGlite, so both engines measure the same
// dataset.

const CHUNK = 50_000;

/** $1 the author, $2..$3 the chunk's tea numbers. */
export const POSTS_SQL = `with c as (select array_agg(id order by name) a, count(*)::int n from categories),
      s as (select array_agg(id order by code) a, count(*)::int n from states)
 insert into posts (author_id, title, content, tagged_handle, category_id, state_id, status, created_at, published_at)
 select $1, 'Bench tea number ' || g, 'The kettle sang for tea number ' || g || ' and the whole street heard it.',
        '@bench_' || (g % 5000), c.a[1 + g % c.n], s.a[1 + (g / 7) % s.n],
        case when g % 10 = 0 then 'pending' else 'approved' end,
        now() - interval '1 day' - g * interval '30 seconds', now() - interval '1 day' - g * interval '30 seconds'
 from generate_series($2::int, $3::int) g, c, s`;

/**
 * @param {import('./sql-target.mjs').SqlTarget} target a database the server has already migrated
 *   and seeded (its first user writes the teas)
 * @param {number} count
 */
export async function seedPosts(target, count) {
  const [first] = await target.query('select id from users order by created_at limit 1');
  const authorId = first?.id;
  if (!authorId) throw new Error('the database has no user to write the bench teas');
  for (let start = 1; start <= count; start += CHUNK) {
    const end = Math.min(count, start + CHUNK - 1);
    await target.query(POSTS_SQL, [authorId, start, end]);
    process.stdout.write(`\rseeded ${end}/${count} teas`);
  }
  process.stdout.write('\n');
  await target.query('analyze');
}
