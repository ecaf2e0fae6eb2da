/**
 * What the embedded store's own upkeep (apps/api/src/db/pglite-upkeep.js) keeps of a store under a
 * site's writes. Readers unlock teas and upvote them through the real routes (`app.inject`, a few
 * at once) on a PGlite store grown with nobody running VACUUM or ANALYZE by hand; the bench times
 * every request, so a thread held by its upkeep shows in the slowest, then reports what the store
 * holds: dead rows and sizes of the tables the spends write, the age of the oldest unfrozen
 * transaction id (a store must never reach two billion), the VACUUMs and ANALYZEs that ran, and a
 * browse and a search timed after the writes.
 *
 *   npm run bench:upkeep -- --posts 20000 --readers 40 --teas 250 [--label NAME]
 *
 * Each reader unlocks and upvotes `teas` teas of its own: 2 × readers × teas spends. It only
 * reports; it exits 0 whatever the figures (1 when the setup or a request fails).
 */
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { COMMON_WORD, insertReaders, READER_COINS, seed, type Target } from './lib/dataset/index.js';
import { positiveInt, runBench, withServedApp, writeResults } from './lib/served-app.js';
import { percentile } from './lib/percentile.js';

/** Requests in flight at once: a few readers at a time, as on a small site. */
const IN_FLIGHT = 4;

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '20000' },
    readers: { type: 'string', default: '40' },
    teas: { type: 'string', default: '250' },
    label: { type: 'string' },
  },
});
const posts = positiveInt('--posts', values.posts);
const readers = positiveInt('--readers', values.readers);
const teas = positiveInt('--teas', values.teas);

const ms = (value: number) => value.toFixed(1);

/** One reader's spends on one tea, in order: the vote needs the tea unlocked first. */
type Job = { token: string; steps: Array<{ kind: string; url: string }> };

/** Runs `jobs` IN_FLIGHT at a time; the times of each kind of step, sorted. */
async function drive(app: FastifyInstance, jobs: Job[]) {
  const times = new Map<string, number[]>();
  let next = 0;
  const worker = async () => {
    for (let job = jobs[next++]; job; job = jobs[next++]) {
      for (const { kind, url } of job.steps) {
        const started = performance.now();
        const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${job.token}` } });
        const took = performance.now() - started;
        if (res.statusCode >= 300) throw new Error(`${kind} ${url}: ${res.statusCode} ${res.body}`);
        const list = times.get(kind) ?? [];
        list.push(took);
        times.set(kind, list);
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  for (const list of times.values()) list.sort((a, b) => a - b);
  return times;
}

async function timeGets(app: FastifyInstance, url: string, k = 100): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < k; i++) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url });
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
  }
  return times.sort((a, b) => a - b);
}

type TableState = {
  name: string;
  dead: number;
  live: number;
  mb: number;
  xidAge: number;
  vacuums: number;
  analyzes: number;
};

async function storeState(target: Target) {
  const tables = await target.rows<TableState>(
    `select relname as name, n_dead_tup::int as dead, n_live_tup::int as live,
       round(pg_total_relation_size(relid) / 1048576.0, 1)::float8 as mb,
       (select age(relfrozenxid) from pg_class where oid = relid) as "xidAge",
       vacuum_count::int as vacuums, analyze_count::int as analyzes
     from pg_stat_user_tables where n_tup_ins + n_tup_upd + n_tup_del > 0
     order by pg_total_relation_size(relid) desc limit 8`,
  );
  const [db] = await target.rows<{ xid_age: number; mb: number }>(
    `select age(datfrozenxid) as xid_age, round(pg_database_size(oid) / 1048576.0, 1)::float8 as mb
     from pg_database where datname = current_database()`,
  );
  return { tables, xidAge: db?.xid_age ?? Number.NaN, databaseMb: db?.mb ?? Number.NaN };
}

async function main(): Promise<void> {
  await withServedApp('pglite', async ({ app, target }) => {
    const seeded = performance.now();
    await seed(target, posts, { maintained: false });
    // Signed in by token, not by password: their hash is never checked.
    const readerIds = await insertReaders(target, {
      prefix: 'upkeep_reader_',
      count: readers,
      passwordHash: 'x',
      coins: READER_COINS,
    });
    console.log(`seeded ${posts} teas and ${readers} readers in ${ms((performance.now() - seeded) / 1000)} s`);
    const teaIds = (
      await target.rows<{ id: string }>(
        `select id from posts where status = 'approved' order by created_at desc limit $1`,
        [readers * teas],
      )
    ).map((row) => row.id);
    if (teaIds.length < readers * teas) throw new Error(`only ${teaIds.length} published teas for the readers`);
    const tokens = await Promise.all(readerIds.map((sub) => app.ctx.tokens.signAccess({ sub, admin: false })));
    // Reader r takes teas r, r + readers, …: each tea is unlocked by one reader, then upvoted by them.
    const jobs: Job[] = tokens.flatMap((token, r) =>
      Array.from({ length: teas }, (_, t) => teaIds[r + t * readers]).map((id) => ({
        token,
        steps: [
          { kind: 'unlock', url: `/api/v1/posts/${id}/unlock` },
          { kind: 'vote', url: `/api/v1/posts/${id}/vote` },
        ],
      })),
    );
    const spends = jobs.length * 2;
    const started = performance.now();
    const times = await drive(app, jobs);
    const seconds = (performance.now() - started) / 1000;
    // PGlite counts a write in its statistics with the first statement a second after it.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await target.run('select 1');
    const state = await storeState(target);
    const browse = await timeGets(app, '/api/v1/posts/?limit=9');
    const search = await timeGets(app, `/api/v1/posts/?search=${COMMON_WORD}&limit=9`);

    const lines = [
      `# Store upkeep: pglite, ${posts} teas unmaintained, ${spends} spends by ${readers} readers (${IN_FLIGHT} at a time)`,
      '',
      `${spends} spends in ${ms(seconds)} s (${Math.round(spends / seconds)} a second).`,
      '',
      '| request | median ms | p99 ms | max ms |',
      '|---|---:|---:|---:|',
      ...[...times, ['browse after', browse] as const, [`search "${COMMON_WORD}" after`, search] as const].map(
        ([name, sorted]) =>
          `| ${name} | ${[percentile(sorted, 50), percentile(sorted, 99), sorted.at(-1) ?? Number.NaN].map(ms).join(' | ')} |`,
      ),
      '',
      `Database ${state.databaseMb} MB; its oldest unfrozen transaction id is ${state.xidAge} transactions old`,
      '(a table nobody writes keeps its own until autovacuum_freeze_max_age; xid age below is per table).',
      '',
      '| table | live rows | dead rows | MB with indexes | xid age | VACUUMs | ANALYZEs |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...state.tables.map(
        (t) => `| ${t.name} | ${t.live} | ${t.dead} | ${t.mb} | ${t.xidAge} | ${t.vacuums} | ${t.analyzes} |`,
      ),
    ];
    writeResults('store-upkeep', values.label, lines);
  });
}

runBench(main);
