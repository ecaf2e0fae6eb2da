/**
 * The bench's dataset: a fresh database (PGlite in memory, or a throwaway PostgreSQL database) grown
 * to N teas inside the database, and the app built over it. Shared by list-latency.ts and
 * event-loop.ts.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../../apps/api/src/config.js';
import { openPglite, openPostgres, type Database } from '../../apps/api/src/db/client.js';
import type { PgliteClient } from '../../apps/api/src/db/pglite-thread.js';

export const RARE_WORD = 'zyxquorbit';
export const COMMON_WORD = 'brew';
export const ABSENT_WORD = 'brewkettle';
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
const CHUNK = 25_000;

export type Engine = 'pglite' | 'postgres';

/** Raw SQL for seeding: on PostgreSQL a client of its own (the app's pool has a 10 s statement timeout). */
export type Target = {
  database: Database;
  url?: string;
  run: (text: string) => Promise<void>;
  rows: <T>(text: string, params?: unknown[]) => Promise<T[]>;
  drop: () => Promise<void>;
};

export async function openTarget(kind: Engine): Promise<Target> {
  if (kind === 'pglite') {
    const database = await openPglite();
    // The shared Db type hides the driver; drizzle keeps the PGlite thread's client on `$client`.
    const client = (database.db as unknown as { $client: PgliteClient }).$client;
    const rows = async <T>(text: string, params: unknown[] = []): Promise<T[]> =>
      (await client.query<T>(text, params)).rows;
    return { database, run: async (text) => void (await rows(text)), rows, drop: async () => undefined };
  }
  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `kettle_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const seeder = new pg.Client({ connectionString: url.toString() });
  const database = openPostgres(url.toString());
  const drop = async (): Promise<void> => {
    await seeder.end().catch(() => undefined);
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
    console.log(`dropped database ${name}`);
  };
  try {
    await seeder.connect();
  } catch (err) {
    await database.close().catch(() => undefined);
    await drop();
    throw err;
  }
  return {
    database,
    url: url.toString(),
    run: async (text) => void (await seeder.query(text)),
    rows: async <T>(text: string, params: unknown[] = []): Promise<T[]> =>
      (await seeder.query(text, params)).rows as T[],
    drop,
  };
}

/**
 * One author and N posts: common words everywhere, a rare word in 0.1%, 5000 handles, 90% approved.
 * `maintained: false` skips the closing VACUUM ANALYZE: a store as a site grows it with nobody
 * running either by hand, which on PGlite leaves only the store's own upkeep (db/pglite-upkeep.js).
 */
export async function seed(target: Target, n: number, { maintained = true } = {}): Promise<string> {
  const [author] = await target.rows<{ id: string }>(
    `insert into users (username, email, password_hash) values ('bench_author', 'bench@kettle.local', 'x') returning id`,
  );
  if (!author) throw new Error('author not created');
  // Oldest first, as a site grows: each post takes its search slice on insert (migration 0016).
  for (let done = 0; done < n; done += CHUNK) {
    const end = n - done;
    const start = Math.max(1, end - CHUNK + 1);
    await target.run(`
      with c as (select array_agg(id order by name) a, count(*)::int n from categories),
           s as (select array_agg(id order by code) a, count(*)::int n from states),
           w as (select array['tea','kettle','spill','drama','gossip','steep','cup','leaf','pot','sip'] a)
      insert into posts (author_id, title, content, tagged_handle, category_id, state_id, status, created_at, published_at)
      select '${author.id}',
             'The ' || w.a[1 + g % 10] || ' ' || w.a[1 + (g * 7) % 10] || ' #' || g
               || case when g % 1000 = 0 then ' ${RARE_WORD}' else '' end,
             'A fresh ${COMMON_WORD} of ' || w.a[1 + (g * 3) % 10] || ' and ' || w.a[1 + (g * 11) % 10]
               || ', more ' || w.a[1 + (g * 13) % 10] || ' than anyone asked for. Post number ' || g || '.',
             '@user_' || (g % 5000),
             c.a[1 + g % c.n],
             s.a[1 + (g / 7) % s.n],
             case when g % 10 = 0 then 'pending' else 'approved' end,
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

/** The app's configuration for a bench run over `target`: quiet, no demo, searches not limited. */
export function benchConfig(target: Target, dataDir: string) {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      APP_ORIGIN: 'http://kettle.bench',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO_USERS: 'false',
      // Thousands of anonymous searches from one address: lift the per-address search limit.
      SEARCH_LIMIT_PER_MINUTE: '1000000',
      ...(target.url ? { DATABASE_URL: target.url } : {}),
    }),
    keyPrefix: `kettle-bench-${randomBytes(6).toString('hex')}`,
  };
}
