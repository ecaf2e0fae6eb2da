// `npm run bench:spend-pipeline`: where a P6 spend's time goes on this machine, beside the bare spend
// route and the spend's floor (Kettle's own statement on a bare route), on PostgreSQL. Each runs
// under autocannon as bench:load runs it; for each, per answer: the server's process CPU and its
// main thread's time run and time waiting for a core (/proc/<pid>/task/<pid>/schedstat), this
// process's CPU (autocannon, the client), the whole machine's busy CPU and the share of the cores
// left idle (/proc/stat), and the database's client backends by state and wait event, sampled every
// 10 ms (pg_stat_activity; a mean count). It found Kettle's vote using about the spend route's
// machine CPU an answer, yet leaving a fifth to a quarter of the two cores idle where the spend route
// left a tenth: a closed loop bounded by its batches, not by CPU. Not part of `npm test`; it reports.
// The sampler runs a statement every 10 ms, so these rows run a little slower than bench:load's.
// Options: --kind unlock|vote|comment (vote), --posts N (20000), --rounds N (2), --duration S (10),
// --connections C (50), --readers N (50), --label NAME. BENCH_DATABASE_URL as bench:load.
// An A/B of builds: --builds dist,.dist-base:LOG_LEVEL=warn starts Kettle from each apps/api/<dir>
// (copied beside dist, so its relative paths hold), with the settings after the colon, and loads
// them in turn each round; --kettle-only leaves out the bare routes, so more rounds fit the teas.
// --rate R holds the load to R requests a second: with cores to spare, a build's CPU an answer is
// its own work, not its share of a contended machine (the A/B's steadier measure).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import * as prettier from 'prettier';
import { startBuiltServer } from '../scripts/lib/built-server.mjs';
import { heading, ROOT } from '../scripts/lib/run.mjs';
import { startSpendFloor, startSpendRoute } from './lib/baselines.js';
import {
  freshDatabase,
  openPgTarget,
  prepareSpends,
  seedPosts,
  SPEND_RATE_CEILING,
  type SpendDataset,
} from './lib/dataset/index.js';
import { mainThreadTimes, processCpuSeconds } from './lib/server-metrics.js';
import { type LoadFigures, loadEach, signInReaders, spendBaselineRequest, spendScenarios } from './lib/spend-load.js';

const { values: options } = parseArgs({
  options: {
    kind: { type: 'string', default: 'vote' },
    posts: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '2' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    readers: { type: 'string', default: '50' },
    label: { type: 'string' },
    builds: { type: 'string', default: 'dist' },
    'kettle-only': { type: 'boolean', default: false },
    rate: { type: 'string' },
  },
});
/** Each Kettle to load: its apps/api directory and its settings (`dir:NAME=value:NAME=value`). */
const builds = options.builds.split(',').map((spec) => {
  const [dir = 'dist', ...settings] = spec.split(':');
  const env = Object.fromEntries(
    settings.map((setting) => [setting.split('=')[0], setting.slice(setting.indexOf('=') + 1)]),
  );
  return { spec, entry: path.join(ROOT, 'apps', 'api', dir, 'server.js'), env };
});
const kettleOnly = options['kettle-only'];
if (!['unlock', 'vote', 'comment'].includes(options.kind)) throw new Error('--kind must be unlock, vote or comment');
const rounds = Number(options.rounds);
const duration = Number(options.duration);
const connections = Number(options.connections);
const readers = Number(options.readers);
/** Requests a second in all, when held (--rate); else as many as the servers answer. */
const rate = options.rate ? Number(options.rate) : undefined;
/** The sampler costs the database a statement each time: often enough to see, seldom enough not to load it. */
const SAMPLE_EVERY_MS = 10;
/** Each Kettle's unmeasured load before the rounds, in seconds. */
const WARM_UP_S = 3;

/** The machine's CPU time so far, in clock ticks: busy, and all (idle and I/O wait included). */
function machineTicks() {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const all = fields.reduce((a, b) => a + b, 0);
  return { busy: all - (fields[3] ?? 0) - (fields[4] ?? 0), all };
}

type BackendState = { state: string; mean: number };

/** The database's client backends by state and wait event while `measure` runs, as mean counts. */
async function backendStates(url: string, measure: () => Promise<unknown>): Promise<BackendState[]> {
  const client = new pg.Client({ connectionString: url });
  // Stopped midway, the run drops the database under this client: that ends the sampling, no more.
  client.on('error', () => undefined);
  await client.connect();
  const tally: Record<string, number> = {};
  let samples = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await client.query<{ k: string }>(
        `select concat_ws(' ', state, wait_event_type || ':' || wait_event) as k from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      for (const row of rows) tally[row.k] = (tally[row.k] ?? 0) + 1;
      samples += 1;
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
    }
  })().catch(() => {
    sampling = false;
  });
  try {
    await measure();
  } finally {
    sampling = false;
    await sampler;
    await client.end().catch(() => undefined);
  }
  return Object.entries(tally)
    .map(([state, n]) => ({ state, mean: n / Math.max(1, samples) }))
    .filter((s) => s.mean >= 0.01)
    .sort((a, b) => b.mean - a.mean);
}

/** One load against the process `pid`, with what it cost per answer. */
async function measured(pid: number | undefined, load: () => Promise<LoadFigures>) {
  const loop0 = mainThreadTimes(pid);
  const cpu0 = processCpuSeconds(pid) ?? NaN;
  const machine0 = machineTicks();
  const client0 = process.cpuUsage();
  const figures = await load();
  const client = process.cpuUsage(client0);
  const machine1 = machineTicks();
  const cpu1 = processCpuSeconds(pid) ?? NaN;
  const loop1 = mainThreadTimes(pid);
  const n = Math.max(1, figures.requests);
  const tickUs = 1e6 / 100;
  return {
    ...figures,
    serverCpuUs: ((cpu1 - cpu0) * 1e6) / n,
    loopRunUs: ((loop1.runMs - loop0.runMs) * 1e3) / n,
    loopWaitUs: ((loop1.waitMs - loop0.waitMs) * 1e3) / n,
    clientCpuUs: (client.user + client.system) / n,
    machineCpuUs: ((machine1.busy - machine0.busy) * tickUs) / n,
    idleShare: 1 - (machine1.busy - machine0.busy) / Math.max(1, machine1.all - machine0.all),
  };
}

heading(`${options.kind}: the spend route, its floor and Kettle's route on PostgreSQL, ${options.posts} teas`);
const database = await freshDatabase('kettle_pipeline');
const running: Array<{ stop: () => unknown }> = [];
type Row = { round: number; name: string; states: BackendState[] } & Awaited<ReturnType<typeof measured>>;
const rows: Row[] = [];
let cleaning: Promise<void> | undefined;
/** Once, whether the run ends, fails or is stopped: servers down, database dropped. */
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const started of running.reverse()) await started.stop();
    await database.drop();
  })());
// Ctrl-C or SIGTERM: the servers are this process's children and the database outlives it.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
try {
  const servers = [];
  // One key for all, so the readers' tokens (signed in through the first) hold on every build.
  const jwtSecret = randomBytes(32).toString('hex');
  for (const build of builds) {
    const server = await startBuiltServer({
      entry: build.entry,
      env: {
        DATABASE_URL: database.url,
        SEED_DEMO_USERS: 'true',
        SEED_DEMO_CONTENT: 'true',
        JWT_SECRET: jwtSecret,
        ...build.env,
      },
    });
    running.push(server);
    servers.push({ ...build, server });
  }
  const server = servers[0]?.server;
  if (!server) throw new Error('no build to load');
  const target = await openPgTarget(database.url);
  let spend: SpendDataset | undefined;
  // A run takes at most half the ceiling's pairs a second; one run more than a round holds, for
  // slack, and the warm-ups.
  const runsPerRound = builds.length + (kettleOnly ? 0 : 2) + 1 + (builds.length * WARM_UP_S) / (rounds * duration);
  try {
    await seedPosts(target, Number(options.posts));
    spend = await prepareSpends(target, {
      readers,
      pairs: (rounds * duration * runsPerRound * SPEND_RATE_CEILING.postgres) / 2,
    });
    // The dataset's WAL written out now, not across the first load (bench:load does the same).
    await target.run('checkpoint');
  } finally {
    await target.close();
  }
  const readerIds = spend.readerIds;
  const scenario = spendScenarios({ ...spend, tokens: await signInReaders(server.origin, readers) }).find(
    (s) => s.kind === options.kind,
  );
  if (!scenario) throw new Error('no scenario');
  const at = (url: string) => ({ origin: url.replace(/\/$/, ''), connections, duration, rate });
  /** The bare routes, loaded first in each round, then Kettle's builds. */
  type Loaded = { name: string; pid: number | undefined; load: () => Promise<LoadFigures> };
  const baselines: Loaded[] = [];
  const kettles: Loaded[] = [];
  if (!kettleOnly) {
    const route = await startSpendRoute(database.url);
    running.push(route);
    const floor = await startSpendFloor(database.url);
    running.push(floor);
    baselines.push(
      {
        name: 'spend route (baseline)',
        pid: route.pid,
        load: () => loadEach(at(route.url), spendBaselineRequest(readerIds)),
      },
      { name: `${options.kind} floor`, pid: floor.pid, load: () => loadEach(at(floor.url), scenario.floor) },
    );
  }
  for (const { spec, server: kettle } of servers) {
    if (kettle.pid === undefined) throw new Error('no server process');
    const name = builds.length > 1 ? `Kettle's ${options.kind} (${spec})` : `Kettle's ${options.kind}`;
    kettles.push({ name, pid: kettle.pid, load: () => loadEach(at(kettle.origin), scenario.build) });
  }
  // Round 1 ran slower than the rest on every build: each server first runs WARM_UP_S unmeasured, so its code is compiled before anything is timed.
  for (const { server: kettle } of servers) {
    await loadEach({ ...at(kettle.origin), duration: WARM_UP_S }, scenario.build);
  }
  for (let round = 1; round <= rounds; round++) {
    // Each round starts at the next build, so no build is always loaded first or last.
    const turn = (round - 1) % kettles.length;
    const order = [...baselines, ...kettles.slice(turn), ...kettles.slice(0, turn)];
    for (const { name, pid, load } of order) {
      process.stdout.write(`Round ${round}: ${name}...\n`);
      let figures: Awaited<ReturnType<typeof measured>> | undefined;
      const states = await backendStates(database.url, async () => {
        figures = await measured(pid, load);
      });
      if (!figures) throw new Error(`no figures for ${name}`);
      rows.push({ round, name, ...figures, states });
    }
  }
} finally {
  await cleanUp();
}

const f = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '');
const rateNote = rate ? ` -R ${rate}` : '';
const lines = [
  `# Spend pipeline (${options.kind}), PostgreSQL, ${Number(options.posts).toLocaleString('en-US')} teas`,
  '',
  `${new Date().toISOString()}. autocannon -c ${connections} -d ${duration}${rateNote}, ${readers} readers; per answer, in µs. ` +
    'Main thread: its time run and its time waiting for a core (schedstat). Client: this process (autocannon). ' +
    'Idle: the share of all cores idle or waiting for I/O meanwhile. Backends: the mean count of client backends in each state.',
  '',
  '| round | server | req/s | p50 ms | p99 ms | errors | server CPU | main thread run | main thread wait | client CPU | machine CPU | idle | backends |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ...rows.map(
    (r) =>
      `| ${r.round} | ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${f(r.serverCpuUs)} | ${f(r.loopRunUs)} | ${f(r.loopWaitUs)} | ${f(r.clientCpuUs)} | ${f(r.machineCpuUs)} | ${f(r.idleShare * 100)}% | ${r.states.map((s) => `${s.state} ${s.mean.toFixed(2)}`).join('; ')} |`,
  ),
];
const name = `spend-pipeline-${new Date().toISOString().slice(0, 10)}${options.label ? `-${options.label}` : ''}`;
const dir = path.join(ROOT, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const format = async (file: string, text: string) =>
  prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
const md = path.join(dir, `${name}.md`);
writeFileSync(md, await format(md, `${lines.join('\n')}\n`));
const json = path.join(dir, `${name}.json`);
writeFileSync(json, await format(json, JSON.stringify({ options, rows })));
process.stdout.write(`\n${lines.join('\n')}\n\nWritten to bench/results/${name}.md and .json\n`);
