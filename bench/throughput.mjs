#!/usr/bin/env node
// `npm run bench:load` (and a part of `npm run bench`): requests per second of Kettle's read paths
// and coin spends under load, beside baselines measured in the same run (docs/performance.md P1, P2,
// P3, P6: the goals are ratios, because absolute figures drift between machines and with whatever
// else the machine runs): a bare Fastify hello route, and on PostgreSQL bare routes running the
// first-page statement and a one-statement spend, prepared (bench/lib/baselines.mjs), and each
// spend's own statement on a bare route, the floor of what the route can reach (lib/spend-floor.ts).
//
// The production build with its demo community, grown to `--posts` teas and `--readers` readers
// with coins inside the database: on the embedded default (`--db pglite`: the server starts once
// to migrate and seed its DATA_DIR, stops, the bench writes the dataset into that PGlite directory
// and starts the server again), or on a fresh PostgreSQL database (`--db postgres`;
// BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; dropped at the end).
// autocannon on the same cores, `-c 50 -d 10` by default. Not part of `npm test`: it never fails
// on a time, only when the setup fails.
// Options: --db, --posts N (100000), --rounds N (2), --duration S (10), --connections C (50),
// --readers N (50), --label NAME, --json FILE (the rows as JSON there and the Markdown beside it,
// for `npm run bench`; else bench/results/throughput-<date>[-label].{json,md,svg}).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import * as prettier from 'prettier';
import { startBuiltServer } from '../scripts/lib/built-server.mjs';
import { heading, ROOT, runBuild, SERVER_ENTRY, WEB_INDEX } from '../scripts/lib/run.mjs';
import { startHello, startPageRoute, startSpendFloor, startSpendRoute, startTextRoute } from './lib/baselines.mjs';
import { ratioChart } from './lib/ratio-chart.mjs';
import { seedPosts } from './lib/seed-posts.mjs';
import { readServerMetrics, serverShare, serverText, withProcessCpu } from './lib/server-metrics.mjs';
import { coinInvariants, prepareSpends, SPEND_RATE_CEILING } from './lib/spend-dataset.mjs';
import {
  contentionCheck,
  loadEach,
  loadFigures,
  signIn,
  signInReaders,
  spendBaselineRequest,
  spendScenarios,
} from './lib/spend-load.mjs';
import { freshDatabase, openPgliteTarget, openPgTarget } from './lib/sql-target.mjs';

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
if (options.db !== 'pglite' && options.db !== 'postgres') throw new Error('--db must be pglite or postgres');
const onPostgres = options.db === 'postgres';
const rounds = Number(options.rounds);
const duration = Number(options.duration);
const connections = Number(options.connections);
const postCount = Number(options.posts);
const readers = Number(options.readers);
/** Access tokens live 15 minutes; a long run signs its readers in again before they lapse. */
const TOKEN_REFRESH_MS = 10 * 60_000;

/**
 * A goal's baseline as the mean of its runs right before and right after the scenario it judges:
 * this machine's speed drifts by a tenth and more from one minute to the next (hello has run at
 * 39k and 55k req/s in consecutive runs), and a ratio against the run before alone carried that drift whole.
 * Against the mean, a steady drift cancels. Both runs have rows of their own in the table.
 * @param {Record<string, number>} before
 * @param {Record<string, number>} after
 */
const bracketed = (before, after) => ({ rps: (before.rps + after.rps) / 2, p99: (before.p99 + after.p99) / 2 });

/** One autocannon run of GET `url`. */
async function load(url, headers = {}) {
  return loadFigures(await autocannon({ url, connections, duration, headers }));
}

/**
 * The teas and the spending readers, written straight into the database (seed-posts.mjs,
 * spend-dataset.mjs): the same SQL on both engines.
 * @param {import('./lib/sql-target.mjs').SqlTarget} target
 */
async function writeDataset(target) {
  const t0 = Date.now();
  await seedPosts(target, postCount);
  // Twice on PostgreSQL: the spend floor takes its pairs from the same walkers as Kettle's routes.
  const runs = onPostgres ? 2 : 1;
  const spend = await prepareSpends(target, {
    readers,
    pairs: runs * rounds * duration * SPEND_RATE_CEILING[options.db],
  });
  // The dataset's WAL set off a checkpoint that PostgreSQL spread over ~270 s, across round 1 (whose
  // PostgreSQL round missed P2 twice while PGlite's held): written out now instead, so no round
  // shares the machine with it.
  if (onPostgres) await target.query('checkpoint');
  process.stdout.write(
    `dataset: ${postCount} teas, ${readers} readers, ${spend.open.length} teas opened for each (votes, comments), ${spend.locked.length} to unlock; ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
  );
  return spend;
}

if (!existsSync(WEB_INDEX) || !existsSync(SERVER_ENTRY)) {
  heading('Building (no production build yet)');
  if ((await runBuild()) !== 0) process.exit(1);
}

heading(`Starting the built server (${options.db}, ${postCount} teas) and the baselines`);
const database = onPostgres ? await freshDatabase('kettle_load') : null;
// Kept by the bench, not by startBuiltServer, so that it outlives the first start (PGlite).
const dataDir = mkdtempSync(path.join(tmpdir(), 'kettle-load-'));
const serverEnv = database
  ? { DATABASE_URL: database.url, SEED_DEMO_USERS: 'true', SEED_DEMO_CONTENT: 'true' }
  : { DATA_DIR: dataDir };
/** @type {Awaited<ReturnType<typeof startBuiltServer>> | undefined} */
let server;
const baselines = [];
const rows = [];
let invariants = null;
let contention = null;
let approvedSeen = null;
let cleaning;
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
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanup().finally(() => process.exit(130)));
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
  const list = await (await fetch(firstPage)).json();
  approvedSeen = list.metadata.total_elements;
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
  // A card names its category; its tea page has the id the category page's query takes.
  const { category_id: categoryId } = await (await fetch(`${origin}/api/v1/posts/${post.id}`)).json();
  let signedInAt = 0;
  let token = '';
  let tokens = [];
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

  /** A scenario's figures, and what the server's own metrics say it did meanwhile (`server`). */
  const observed = async (/** @type {() => Promise<Record<string, number>>} */ measure) => {
    const before = await readServerMetrics(origin);
    const figures = await measure();
    return { ...figures, server: serverShare(before, await readServerMetrics(origin)) };
  };
  /** A goal's comparison, when its baseline runs on this engine. */
  const goal = (id, baseline, min, maxP99Ratio) =>
    baseline === 'hello' || database ? [{ goal: id, baseline, min, maxP99Ratio }] : [];
  // `beside`: the baselines measured again right before the scenario ("side by side", as
  // docs/performance.md has it), so that a goal's ratio is not a drift of the shared machine between the
  // start of the round and its turn (P3 once compared the page route at the round's start with
  // the signed-in list five scenarios later). Other comparisons use the baseline's latest figures.
  const readScenarios = [
    { name: 'front page: index.html with its first view', url: `${origin}/`, beside: ['hello'] },
    {
      name: 'anonymous front page list',
      url: firstPage,
      beside: ['hello', 'same text'],
      // Beside its goal, how close a cached page comes to sending its own text with nothing else.
      checks: [...goal('P2', 'hello', 0.5), { baseline: 'same text' }],
    },
    { name: 'the same, as a browser asks (br, gzip)', url: firstPage, headers: { 'accept-encoding': 'br, gzip' } },
    {
      name: 'anonymous category page',
      url: `${firstPage}&category_id=${categoryId}`,
      beside: ['page route', 'hello'],
      checks: [...goal('P1', 'page route', 0.9, 1.2), ...goal('P2', 'hello', 0.5)],
    },
    { name: 'anonymous post detail', url: `${origin}/api/v1/posts/${post.id}` },
    {
      name: 'signed-in front page list',
      url: firstPage,
      beside: ['page route'],
      checks: goal('P3', 'page route', 0.8),
      headers: () => ({ authorization: `Bearer ${token}` }),
    },
  ];
  /** The bare read routes, by the name a scenario's `beside` and checks give them. */
  const readBaselines = {
    hello: { name: 'Fastify hello (baseline)', url: hello.url },
    'same text': { name: 'Fastify sending the first page as fixed text (baseline)', url: sameText.url },
    ...(pageRoute ? { 'page route': { name: 'prepared page route (baseline)', url: pageRoute.url } } : {}),
  };

  for (let round = 1; round <= rounds; round += 1) {
    /** @type {Record<string, Record<string, number>>} each baseline's latest figures this round */
    const measured = {};
    /**
     * A scenario's row: its ratio to hello, and to the baseline of each goal it carries. `at`: its
     * place among the rows, where it ran (before the baseline runs after it).
     */
    const row = (name, figures, checks = [], at = rows.length) => {
      const compare = (baseline) => ({
        baseline,
        baselineRps: measured[baseline].rps,
        baselineP99: measured[baseline].p99,
        ratio: figures.rps / measured[baseline].rps,
        p99Ratio: figures.p99 / Math.max(1, measured[baseline].p99),
      });
      const comparisons = checks.map((c) => {
        const found = compare(c.baseline);
        if (!c.goal) return found;
        const held =
          figures.errors === 0 &&
          found.ratio >= c.min &&
          (c.maxP99Ratio === undefined || found.p99Ratio <= c.maxP99Ratio);
        return { ...found, goal: c.goal, min: c.min, maxP99Ratio: c.maxP99Ratio, held };
      });
      if (comparisons.length === 0) comparisons.push(compare('hello'));
      rows.splice(at, 0, { round, name, ...figures, comparisons });
    };
    for (const scenario of readScenarios) {
      const beside = (scenario.beside ?? []).filter((name) => readBaselines[name]);
      /** Each baseline beside the scenario, run once into `into`, each with a row of its own. */
      const runBeside = async (/** @type {Record<string, Record<string, number>>} */ into) => {
        for (const baseline of beside) {
          into[baseline] = await load(readBaselines[baseline].url);
          rows.push({ round, name: readBaselines[baseline].name, isBaseline: true, ...into[baseline] });
        }
      };
      const before = {};
      await runBeside(before);
      process.stdout.write(`Round ${round}: ${scenario.name}...\n`);
      const headers = typeof scenario.headers === 'function' ? scenario.headers() : scenario.headers;
      const figures = await observed(() => load(scenario.url, headers));
      const at = rows.length;
      const after = {};
      await runBeside(after);
      for (const baseline of beside) measured[baseline] = bracketed(before[baseline], after[baseline]);
      row(scenario.name, figures, scenario.checks, at);
    }
    await signInAll();
    /** The spend route once: its row, and its figures. */
    const runSpendRoute = async () => {
      const figures = await withProcessCpu(spendRoute.pid, () =>
        loadEach(
          { origin: spendRoute.url.replace(/\/$/, ''), connections, duration },
          spendBaselineRequest(spend.readerIds),
        ),
      );
      rows.push({ round, name: 'prepared spend route (baseline)', isBaseline: true, ...figures });
      return figures;
    };
    for (const scenario of spends) {
      process.stdout.write(`Round ${round}: ${scenario.name}...\n`);
      /** One run of `build` at `at`; a repeated pair answers a free no-op or 409, so it counts as an error. */
      const spendLoad = async (/** @type {string} */ at, /** @type {typeof scenario.build} */ build) => {
        const repeatsBefore = scenario.walker.repeats;
        const figures = await loadEach({ origin: at, connections, duration }, build);
        figures.errors += scenario.walker.repeats - repeatsBefore;
        return figures;
      };
      const floorName = `${scenario.kind} statement`;
      if (spendFloor) {
        // Its CPU per answer beside the route's (the route's own /metrics): what Kettle adds, per answer.
        measured[floorName] = await withProcessCpu(spendFloor.pid, () =>
          spendLoad(spendFloor.url.replace(/\/$/, ''), scenario.floor),
        );
        rows.push({
          round,
          name: `Kettle's ${floorName} on a bare route (floor)`,
          isBaseline: true,
          ...measured[floorName],
        });
      }
      // Right before and right after the spend, as the read goals' baselines are (readScenarios' `beside`).
      const routeBefore = spendRoute ? await runSpendRoute() : null;
      const figures = await observed(() => spendLoad(origin, scenario.build));
      const at = rows.length;
      if (routeBefore) measured['spend route'] = bracketed(routeBefore, await runSpendRoute());
      // Beside its goal, how close the route comes to its own statement with nothing else.
      row(
        scenario.name,
        figures,
        [...goal('P6', 'spend route', 0.8), ...(spendFloor ? [{ baseline: floorName }] : [])],
        at,
      );
    }
  }

  process.stdout.write('P6: 10 unlocks at once by one reader...\n');
  contention = await contentionCheck(origin, spend.contended.postIds);
  if (database) {
    const target = await openPgTarget(database.url);
    invariants = await coinInvariants(target).finally(() => target.close());
  } else {
    await server.stop();
    const target = await openPgliteTarget(dataDir);
    invariants = await coinInvariants(target).finally(() => target.close());
  }
} finally {
  await cleanup();
}

const contentionHeld =
  contention.succeeded === contention.affordable &&
  (contention.statuses[402] ?? 0) === contention.attempts - contention.affordable &&
  invariants.contended.ledgerSpends === contention.succeeded &&
  invariants.contended.unlocks === contention.succeeded &&
  invariants.contended.balance === 0;
const invariantsHeld = invariants.negativeBalances === 0 && invariants.balanceNotLedgerSum === 0 && contentionHeld;
const coins = {
  ...invariants,
  contention: { ...contention, held: contentionHeld },
  held: invariantsHeld,
};

const date = new Date().toISOString();
const f3 = (n) => n.toFixed(3);
const goalText = (c) => (c.goal ? `${c.goal}: ≥ ${c.min}${c.maxP99Ratio ? `, p99 ≤ ${c.maxP99Ratio}×` : ''}` : '');
const lines = [
  `# Throughput ${date}${options.label ? ` (${options.label})` : ''}`,
  '',
  `autocannon -c ${connections} -d ${duration} on the same cores; the production build with its demo community and ${postCount} more teas on ${onPostgres ? 'PostgreSQL' : 'embedded PGlite'} (the server lists ${approvedSeen} published), ${readers} readers spending. Ratio = req/s ÷ the named baseline's req/s in the same round: the mean of its runs right before and right after the scenario (a scenario without a baseline of its own: the latest such mean; a floor: its run before).`,
  '',
  '| round | scenario | req/s | p50 ms | p99 ms | errors | server (its /metrics; a spend baseline: its CPU from /proc) | baseline | ratio | p99 ratio | goal | held |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.flatMap((r) =>
    r.isBaseline
      ? [
          `| ${r.round} | ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${serverText(r.server)} | | | | | |`,
        ]
      : r.comparisons.map(
          (c) =>
            `| ${r.round} | ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${serverText(r.server)} | ${c.baseline} | ${f3(c.ratio)} | ${f3(c.p99Ratio)} | ${goalText(c)} | ${c.goal ? (c.held ? 'yes' : 'no') : ''} |`,
        ),
  ),
  '',
  `Coins after the spends (P6): ${coins.negativeBalances} negative balances, ${coins.balanceNotLedgerSum} of ${coins.users} balances not equal to their ledger sum; ${contention.workers} unlocks at once by one reader with coins for ${contention.affordable} of ${contention.attempts}: ${contention.succeeded} succeeded (answers ${JSON.stringify(contention.statuses)}), ${invariants.contended.ledgerSpends} ledger rows, ${invariants.contended.unlocks} unlocks, balance ${invariants.contended.balance}. Held: ${invariantsHeld ? 'yes' : 'no'}.`,
];
const chartRows = rows.flatMap((r) =>
  r.isBaseline
    ? []
    : r.comparisons.map((c) => ({
        name: `${r.name} ÷ ${c.baseline}`,
        ratio: c.ratio,
        goal: c.goal ? c.min : undefined,
      })),
);
const data = { date, db: options.db, posts: postCount, approvedSeen, connections, duration, readers, rows, coins };
const pretty = async (file, text) => prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
let written;
if (options.json) {
  const jsonFile = path.resolve(options.json);
  const mdFile = jsonFile.replace(/\.json$/, '') + '.md';
  mkdirSync(path.dirname(jsonFile), { recursive: true });
  writeFileSync(jsonFile, await pretty(jsonFile, JSON.stringify(data)));
  writeFileSync(mdFile, await pretty(mdFile, `${lines.join('\n')}\n`));
  written = `${path.relative(ROOT, jsonFile)} and .md`;
} else {
  const base = `throughput-${date.slice(0, 10)}${options.label ? `-${options.label}` : ''}`;
  lines.push('', `![ratio per scenario](${base}.svg)`);
  const outDir = path.join(ROOT, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, `${base}.svg`),
    ratioChart(chartRows, `Kettle ÷ baseline, ${options.db} (${date.slice(0, 10)})`),
  );
  const mdFile = path.join(outDir, `${base}.md`);
  const jsonFile = path.join(outDir, `${base}.json`);
  writeFileSync(mdFile, await pretty(mdFile, `${lines.join('\n')}\n`));
  writeFileSync(jsonFile, await pretty(jsonFile, JSON.stringify(data)));
  written = `bench/results/${base}.json, .md and .svg`;
}
process.stdout.write(`\n${lines.join('\n')}\n\nWritten to ${written}\n`);
