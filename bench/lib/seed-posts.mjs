// Grows a Kettle database to the bench's size inside PostgreSQL (one INSERT ... SELECT per
// chunk): approved teas (90%) and pending ones, spread over the categories and states, newest
// first by the second.
import pg from 'pg';

const CHUNK = 50_000;

/**
 * @param {string} databaseUrl a database the server has already migrated and seeded
 * @param {number} count
 */
export async function seedPosts(databaseUrl, count) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select id from users order by created_at limit 1');
    const authorId = rows[0]?.id;
    if (!authorId) throw new Error('the database has no user to write the bench teas');
    for (let start = 1; start <= count; start += CHUNK) {
      const end = Math.min(count, start + CHUNK - 1);
      await client.query(
        `with c as (select array_agg(id order by name) a, count(*)::int n from categories),
              s as (select array_agg(id order by code) a, count(*)::int n from states)
         insert into posts (author_id, title, content, tagged_handle, category_id, state_id, status, created_at, published_at)
         select $1, 'Bench tea number ' || g, 'The kettle sang for tea number ' || g || ' and the whole street heard it.',
                '@bench_' || (g % 5000), c.a[1 + g % c.n], s.a[1 + (g / 7) % s.n],
                case when g % 10 = 0 then 'pending' else 'approved' end,
                now() - interval '1 day' - g * interval '30 seconds', now() - interval '1 day' - g * interval '30 seconds'
         from generate_series($2::int, $3::int) g, c, s`,
        [authorId, start, end],
      );
      process.stdout.write(`\rseeded ${end}/${count} teas`);
    }
    process.stdout.write('\n');
    await client.query('analyze');
  } finally {
    await client.end();
  }
}
