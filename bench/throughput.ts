// `npm run bench:load` (and a part of `npm run bench`): requests per second of Kettle's read paths
// and coin spends under load, beside baselines measured in the same run (docs/performance.md P1, P2,
// P3, P6: the goals are ratios, because absolute figures drift between machines and with whatever
// else the machine runs): a bare Fastify hello route, and on PostgreSQL bare routes running the
// first-page statement and a one-statement spend, prepared (bench/lib/baselines.ts), and each
// spend's own statement on a bare route, the floor of what the route can reach (lib/spend-floor.ts).
//
// The production build with its demo community, grown to `--posts` teas and `--readers` readers
// with coins inside the database: on the embedded default (`--db pglite`: the server starts once
// to migrate and seed its DATA_DIR, stops, the bench writes the dataset into that PGlite directory
// and starts the server again), or on a fresh PostgreSQL database (`--db postgres`;
// BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; dropped at the end).
// autocannon on the same cores, `-c 50 -d 10` by default. Not part of `npm test`: it never fails
// on a time, only when the setup fails. The rounds: lib/throughput-rounds.ts; the table and its
// files: lib/throughput-report.ts.
// Options: --db, --posts N (100000), --rounds N (2), --duration S (10), --connections C (50),
// --readers N (50), --label NAME, --json FILE (the rows as JSON there and the Markdown beside it,
// for `npm run bench`; else bench/results/throughput-<date>[-label].{json,md,svg}).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBuiltServer } from '../scripts/lib/built-server.mjs';
import { heading, runBuild, SERVER_ENTRY, WEB_INDEX } from '../scripts/lib/run.mjs';
import {
  type Baseline,
  startHello,
  startPageRoute,
  startSpendFloor,
  startSpendRoute,
  startTextRoute,
} from './lib/baselines.js';
import {
  type CoinInvariants,
  coinInvariants,
  type Engine,
  freshDatabase,
  openPgliteTarget,
  openPgTarget,
  prepareSpends,
  seedPosts,
  SPEND_RATE_CEILING,
  type SqlTarget,
} from './lib/dataset/index.js';
import { type Contention, contentionCheck, signIn, signInReaders, spendScenarios } from './lib/spend-load.js';
import { runRounds, type ThroughputRow } from './lib/throughput-rounds.js';
import { writeThroughputReport } from './lib/throughput-report.js';

const { values: options } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    posts: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '2' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    readers: { type: 'string', default: '50' },
    label: { type: 'string' },
    json: { type: 'string' },
  },
});
const db = ((raw: string): Engine => {
  if (raw !== 'pglite' && raw !== 'postgres') throw new Error('--db must be pglite or postgres');
  return raw;
})(options.db);
const onPostgres = db === 'postgres';
const rounds = Number(options.rounds);
const duration = Number(options.duration);
const connections = Number(options.connections);
const postCount = Number(options.posts);
const readers = Number(options.readers);
/** Access tokens live 15 minutes; a long run signs its readers in again before they lapse. */
const TOKEN_REFRESH_MS = 10 * 60_000;

/**
 * The teas and the spending readers, written straight into the database (lib/dataset): the same
 * SQL on both engines.
 */
async function writeDataset(target: SqlTarget) {
  const t0 = Date.now();
  await seedPosts(target, postCount);
  // Twice on PostgreSQL: the spend floor takes its pairs from the same walkers as Kettle's routes.
  const runs = onPostgres ? 2 : 1;
  const spend = await prepareSpends(target, {
    readers,
    pairs: runs * rounds * duration * SPEND_RATE_CEILING[db],
  });
  // The dataset's WAL set off a checkpoint that PostgreSQL spread over ~270 s, across round 1 (whose
  // PostgreSQL round missed P2 twice while PGlite's held): written out now instead, so no round
  // shares the machine with it.
  if (onPostgres) await target.run('checkpoint');
  process.stdout.write(
    `dataset: ${postCount} teas, ${readers} readers, ${spend.open.length} teas opened for each (votes, comments), ${spend.locked.length} to unlock; ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
  );
  return spend;
}

if (!existsSync(WEB_INDEX) || !existsSync(SERVER_ENTRY)) {
  heading('Building (no production build yet)');
  if ((await runBuild()) !== 0) process.exit(1);
}

heading(`Starting the built server (${db}, ${postCount} teas) and the baselines`);
const database = onPostgres ? await freshDatabase('kettle_load') : null;
// Kept by the bench, not by startBuiltServer, so that it outlives the first start (PGlite).
const dataDir = mkdtempSync(path.join(tmpdir(), 'kettle-load-'));
const serverEnv: Record<string, string> = database
  ? { DATABASE_URL: database.url, SEED_DEMO_USERS: 'true', SEED_DEMO_CONTENT: 'true' }
  : { DATA_DIR: dataDir };
let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
const baselines: Array<Baseline | null> = [];
const rows: ThroughputRow[] = [];
let checked: { approvedSeen: number; contention: Contention; invariants: CoinInvariants } | undefined;
let cleaning: Promise<void> | undefined;
/** Once, whether the run ends, fails or is stopped: servers down, database dropped, DATA_DIR gone. */
const cleanup = () =>
  (cleaning ??= (async () => {
    for (const baseline of baselines) baseline?.stop();
    await server?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  })());
// Ctrl-C, or `npm run bench` handing on a SIGTERM: the servers are children of this process and
// the database outlives it, so both are cleaned before it exits.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));
try {
  let spend;
  if (database) {
    server = await startBuiltServer({ env: serverEnv });
    const target = await openPgTarget(database.url);
    spend = await writeDataset(target).finally(() => target.close());
  } else {
    // First start migrates and seeds the demo into DATA_DIR; PGlite has one writer, so the
    // dataset goes in while the server is down.
    server = await startBuiltServer({ env: serverEnv });
    await server.stop();
    const target = await openPgliteTarget(dataDir);
    spend = await writeDataset(target).finally(() => target.close());
    server = await startBuiltServer({ env: serverEnv });
  }
  const { origin } = server;
  const firstPage = `${origin}/api/v1/posts/?skip=0&limit=9`;
  const list = (await (await fetch(firstPage)).json()) as {
    metadata: { total_elements: number };
    data: Array<{ id: string }>;
  };
  const approvedSeen = list.metadata.total_elements;
  if (approvedSeen !== spend.approved)
    throw new Error(`the server lists ${approvedSeen} published teas; the dataset has ${spend.approved}`);
  process.stdout.write(`the server lists ${approvedSeen} published teas\n`);

  const hello = await startHello();
  baselines.push(hello);
  const sameText = await startTextRoute(await (await fetch(firstPage)).text());
  baselines.push(sameText);
  const pageRoute = database ? await startPageRoute(database.url) : null;
  const spendRoute = database ? await startSpendRoute(database.url) : null;
  const spendFloor = database ? await startSpendFloor(database.url) : null;
  baselines.push(pageRoute, spendRoute, spendFloor);

  const [post] = list.data;
  if (!post) throw new Error('the front page lists no tea');
  // A card names its category; its tea page has the id the category page's query takes.
  const detail = (await (await fetch(`${origin}/api/v1/posts/${post.id}`)).json()) as { category_id: string };
  let signedInAt = 0;
  let token = '';
  let tokens: string[] = [];
  const signInAll = async () => {
    if (Date.now() - signedInAt < TOKEN_REFRESH_MS) return;
    // A demo reader (README's demo table) for the signed-in list, and the bench readers.
    token = await signIn(origin, 'ava@kettle.local', 'KettleDemo1');
    tokens = await signInReaders(origin, readers);
    signedInAt = Date.now();
  };
  await signInAll();
  const spends = spendScenarios({
    get tokens() {
      return tokens;
    },
    readerIds: spend.readerIds,
    open: spend.open,
    locked: spend.locked,
  });
  await runRounds(
    {
      origin,
      firstPage,
      postId: post.id,
      categoryId: detail.category_id,
      rounds,
      connections,
      duration,
      onPostgres,
      baselines: { hello, sameText, pageRoute, spendRoute, spendFloor },
      spends,
      readerIds: spend.readerIds,
      token: () => token,
      signInAll,
    },
    rows,
  );

  process.stdout.write('P6: 10 unlocks at once by one reader...\n');
  const contention = await contentionCheck(origin, spend.contended.postIds);
  let invariants;
  if (database) {
    const target = await openPgTarget(database.url);
    invariants = await coinInvariants(target).finally(() => target.close());
  } else {
    await server.stop();
    const target = await openPgliteTarget(dataDir);
    invariants = await coinInvariants(target).finally(() => target.close());
  }
  checked = { approvedSeen, contention, invariants };
} finally {
  await cleanup();
}

await writeThroughputReport({
  db,
  label: options.label,
  json: options.json,
  posts: postCount,
  approvedSeen: checked.approvedSeen,
  connections,
  duration,
  readers,
  rows,
  contention: checked.contention,
  invariants: checked.invariants,
});
