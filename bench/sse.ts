/**
 * Live streams at scale (docs/performance.md, goal P7): N viewers of one post in one server
 * process, at ≤ 12 KB of RSS each, no fan-out loop holding the event loop > 15 ms (a slice of the
 * server's fan-out yields after 4 ms), p99 delivery < 400 ms with
 * the clients on the same machine, nothing lost, every stream connected.
 *
 * Run from the repository root (--expose-gc makes the memory figure steadier):
 *   npm run bench:sse                                             # 2,000 and 10,000 viewers, 2 rounds, PGlite
 *   npx tsx --expose-gc bench/sse.ts --viewers 10000 --events 20 --rounds 1 --label after
 *
 * Each scenario (a round's viewer count) runs in a server process of its own, the app built there
 * (`--scenario FILE`, started by this script with the server's Node.js options, SERVER_NODE_FLAGS);
 * its viewers are a child of that process (bench/lib/sse-viewers.ts) holding one socket each. The
 * app runs from source through tsx, whose keepNames gives some of a stream's closures a property
 * table the production build does not (~0.8 KB of heap a viewer): the figure errs high. Each viewer is a user of their own who
 * unlocked the post. The post's author then posts K comments through the real route, one every
 * 250 ms; delivery time is from just before the POST to the comment's arrival at each viewer. The
 * fan-out figure comes from the server's own kettle_sse_fanout_slice_seconds histogram, read after
 * each comment, beside the time the server's event loop waited for a CPU meanwhile (the kernel's
 * run-queue time): a slice over 15 ms in a comment whose wait is as long stood waiting for a core
 * (the viewers and the server's other threads share two), not doing more work. The median wait is
 * over the comments with no such slice. So while the comments go out, the event loop has core 0 to
 * itself and the viewers and the server's other threads the rest (lib/cores.ts), as a deployed
 * server's clients are elsewhere; `--shared-cores` leaves the kernel to place them. Results go to
 * bench/results/sse-<date>[-label].md (with --json FILE: the figures there, the table beside it, for
 * `npm run bench`). It reports; it never fails on a time.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { P7_VIEWERS, p7MemoryHeld } from './lib/bench-table.js';
import type { Target } from './lib/dataset/index.js';
import { pinLoopApart } from './lib/cores.js';
import { mainThreadTimes } from './lib/server-metrics.js';
import { SERVER_NODE_FLAGS } from '../scripts/lib/run.mjs';
import { engineOption, positiveInt, runBench, withServedApp, writeResults } from './lib/served-app.js';

const API = '/api/v1';
const KB_GOAL = 12;
const FANOUT_GOAL_S = 0.015;
const DELIVERY_GOAL_MS = 400;
/** Memory per viewer is read over the viewers after the first 1/WARM_UP_SHARE of them. */
const WARM_UP_SHARE = 10;

function readOptions() {
  const { values } = parseArgs({
    options: {
      viewers: { type: 'string', multiple: true },
      db: { type: 'string', default: 'pglite' },
      rounds: { type: 'string', default: '2' },
      events: { type: 'string', default: '20' },
      concurrency: { type: 'string', default: '100' },
      label: { type: 'string' },
      json: { type: 'string' },
      scenario: { type: 'string' },
      'shared-cores': { type: 'boolean', default: false },
    },
  });
  return {
    db: engineOption(values.db),
    viewers: (values.viewers ?? ['2000', '10000']).map((v) => positiveInt('viewers', v)),
    rounds: positiveInt('rounds', values.rounds),
    events: positiveInt('events', values.events),
    concurrency: positiveInt('concurrency', values.concurrency),
    label: values.label,
    json: values.json,
    scenario: values.scenario,
    sharedCores: values['shared-cores'],
  };
}

type Options = ReturnType<typeof readOptions>;

type Reply = Record<string, number | string | undefined> & { type: string };

/** Sends a message to the viewers' process and waits for its answer of type `answer`. */
function ask(child: ChildProcess, message: object, answer: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: Reply) => {
      if (reply.type !== answer) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(reply);
    };
    const onExit = (code: number | null) => reject(new Error(`the viewers' process exited (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(message);
  });
}

/** The histogram's bucket bounds in seconds (apps/api/src/lib/metrics.ts), read back from its lines. */
const bucketBound = (line: string): number => Number(/le="([^"]+)"/.exec(line)?.[1] ?? NaN);

/**
 * The server's fan-out histogram: how many slices, their mean time, how many took ≤ 15 ms, and the
 * count in each bucket (the longest slice is known only to within its bucket).
 */
async function fanOut(
  app: FastifyInstance,
): Promise<{ count: number; sum: number; withinGoal: number; buckets: Map<number, number> }> {
  const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  const value = (line: string) =>
    Number(
      text
        .split('\n')
        .find((l) => l.startsWith(`${line} `))
        ?.split(' ')[1] ?? 0,
    );
  return {
    count: value('kettle_sse_fanout_slice_seconds_count'),
    sum: value('kettle_sse_fanout_slice_seconds_sum'),
    withinGoal: value(`kettle_sse_fanout_slice_seconds_bucket{le="${FANOUT_GOAL_S}"}`),
    buckets: new Map(
      text
        .split('\n')
        .filter((l) => l.startsWith('kettle_sse_fanout_slice_seconds_bucket{'))
        .map((l) => [bucketBound(l), Number(l.split(' ')[1] ?? 0)]),
    ),
  };
}

/**
 * The smallest bucket bound holding every slice of this scenario, in ms: the longest slice took at
 * most that long (Infinity when one fell past the largest bound).
 */
function longestSliceAtMost(before: Map<number, number>, after: Map<number, number>, slices: number): number {
  const bounds = [...after.keys()].filter((b) => Number.isFinite(b)).sort((a, b) => a - b);
  const bound = bounds.find((b) => (after.get(b) ?? 0) - (before.get(b) ?? 0) >= slices);
  return bound === undefined ? Infinity : bound * 1000;
}

/**
 * How long this process's main thread (the event loop) has waited for a CPU while ready to run, in
 * ms (lib/server-metrics.ts). A slice of a fan-out measures wall time, so a wait there counts in it
 * though no code of Kettle's ran.
 */
const mainThreadWaitMs = (): number => mainThreadTimes(process.pid).waitMs;

/** RSS, and the JavaScript heap with Node's external memory, after a full collection when allowed. */
const memory = (): { rss: number; heap: number } => {
  globalThis.gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, heap: heapUsed + external };
};

const SETTLE_STEP_MS = 1000;
const SETTLE_MAX_MS = 40_000;
/** RSS that moved less than this over the last SETTLE_STEPS readings counts as settled. */
const SETTLE_BYTES = 2 * 1024 * 1024;
const SETTLE_STEPS = 4;

/**
 * Memory once the process has settled: V8 hands the pages freed garbage leaves back to the system
 * seconds later, in its own time (its memory reducer runs when allocation has slowed). Read right
 * after building 10,000 users, or after 10,000 openings, RSS still holds their garbage: the
 * baseline as well as the reading. Reads every second, after a collection, until RSS has
 * moved less than 2 MB over four seconds (at most 40 s).
 */
async function settledMemory(): Promise<{ rss: number; heap: number }> {
  let latest = memory();
  const rss = [latest.rss];
  const started = performance.now();
  for (;;) {
    const last = rss.slice(-SETTLE_STEPS - 1);
    const settled = last.length > SETTLE_STEPS && Math.max(...last) - Math.min(...last) < SETTLE_BYTES;
    if (settled || performance.now() - started >= SETTLE_MAX_MS) return latest;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_STEP_MS));
    latest = memory();
    rss.push(latest.rss);
  }
}

/** N users who each unlocked the post, and an access token for each. */
async function viewersOf(app: FastifyInstance, target: Target, postId: string, n: number): Promise<string[]> {
  const ids = await target.rows<{ id: string }>(
    `insert into users (username, email, password_hash, email_verified_at)
     select 'viewer_' || g || '_' || $2, 'viewer' || g || '_' || $2 || '@kettle.bench', 'x', now()
     from generate_series(1, $1::int) g returning id`,
    [n, Date.now()],
  );
  await target.run(
    `insert into post_unlocks (user_id, post_id, price_paid) select id, '${postId}', 0 from users
     where username like 'viewer%' on conflict do nothing`,
  );
  return Promise.all(ids.map(({ id }) => app.ctx.tokens.signAccess({ sub: id, admin: false })));
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : (sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN);
};

async function scenario(app: FastifyInstance, target: Target, base: URL, viewers: number, options: Options) {
  const [author] = await target.rows<{ id: string }>(
    `insert into users (username, email, password_hash, coin_balance, email_verified_at)
     values ('author_' || $1, 'author' || $1 || '@kettle.bench', 'x', 1000000, now()) returning id`,
    [String(Date.now())],
  );
  const [post] = await target.rows<{ id: string }>(
    `insert into posts (author_id, title, content, tagged_handle, category_id, state_id, status, published_at)
     select $1, 'The kettle everyone watches', 'Steeping live for the bench.', '@bench_live',
            (select id from categories limit 1), (select id from states limit 1), 'approved', now()
     returning id`,
    [author?.id],
  );
  if (!author || !post) throw new Error('author or post not created');
  const authorAuth = { authorization: `Bearer ${await app.ctx.tokens.signAccess({ sub: author.id, admin: false })}` };
  const tokens = await viewersOf(app, target, post.id, viewers);

  const child = fork(join(import.meta.dirname, 'lib', 'sse-viewers.ts'), [], { stdio: 'inherit' });
  try {
    const fanBefore = await fanOut(app);
    const paths = tokens.map((token) => `${API}/posts/${post.id}/events?token=${token}`);
    // Serialising a joined string for the viewers' process flattens it in place, a flat copy kept
    // beside it (~640 bytes a path): done for every path here, before any baseline, so that the
    // bench's own strings are not read as what a viewer costs the server.
    JSON.stringify(paths);
    const open = (some: string[]) =>
      ask(
        child,
        { type: 'open', host: base.hostname, port: Number(base.port), paths: some, concurrency: options.concurrency },
        'opened',
      );
    // What a viewer costs is read across the viewers opened after a first tenth: the set-up's
    // garbage was still resident in a baseline read before any stream, and V8 handed it back while
    // the streams opened, so that difference went negative.
    const warmUp = Math.max(1, Math.round(viewers / WARM_UP_SHARE));
    const first = await open(paths.slice(0, warmUp));
    const before = await settledMemory();
    const opened = await open(paths.slice(warmUp));
    const after = await settledMemory();
    const measured = Number(opened.streamsOpen) - Number(first.streamsOpen);
    const perViewer = (bytes: number) => bytes / 1024 / measured;
    const perViewerKb = perViewer(after.rss - before.rss);
    const heapPerViewerKb = perViewer(after.heap - before.heap);
    // Per comment: the event loop's wait for a CPU while its fan-out ran, and whether a slice of it
    // passed the goal (the histogram read once the fan-out is over, in the pause between comments).
    const cores = options.sharedCores ? 'shared' : pinLoopApart(child.pid ?? NaN);
    const waits: Array<{ ms: number; over: boolean }> = [];
    let fanSoFar = await fanOut(app);
    for (let n = 1; n <= options.events; n++) {
      const waitedBefore = mainThreadWaitMs();
      await ask(child, { type: 'sent', n, at: performance.timeOrigin + performance.now() }, 'ack');
      const res = await app.inject({
        method: 'POST',
        url: `${API}/posts/${post.id}/comments`,
        headers: authorAuth,
        payload: { content: `bench-${n}` },
      });
      if (res.statusCode !== 201) throw new Error(`comment answered ${res.statusCode}: ${res.body}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      const fanNow = await fanOut(app);
      const slices = fanNow.count - fanSoFar.count;
      waits.push({ ms: mainThreadWaitMs() - waitedBefore, over: fanNow.withinGoal - fanSoFar.withinGoal < slices });
      fanSoFar = fanNow;
    }
    const waited = (over: boolean) => waits.filter((w) => w.over === over).map((w) => w.ms);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const report = await ask(child, { type: 'report' }, 'report');
    const fan = await fanOut(app);
    const events = fan.count - fanBefore.count;
    return {
      viewers,
      cores,
      opened: Number(opened.streamsOpen),
      failed: Number(opened.streamsFailed),
      openSeconds: (Number(first.ms) + Number(opened.ms)) / 1000,
      perViewerKb,
      heapPerViewerKb,
      fanMeanMs: events ? ((fan.sum - fanBefore.sum) / events) * 1000 : NaN,
      fanWithinGoal: `${fan.withinGoal - fanBefore.withinGoal}/${events}`,
      slices: events,
      slicesWithinGoal: fan.withinGoal - fanBefore.withinGoal,
      sliceMaxAtMostMs: longestSliceAtMost(fanBefore.buckets, fan.buckets, events),
      waitMsPerComment: median(waited(false)),
      waitMsOver: waited(true),
      events: options.events,
      p50: Number(report.p50),
      p99: Number(report.p99),
      lost: Number(opened.streamsOpen) * options.events - Number(report.received),
      held:
        Number(opened.streamsFailed) === 0 &&
        p7MemoryHeld(viewers, perViewerKb, KB_GOAL) !== false &&
        fan.withinGoal - fanBefore.withinGoal === events &&
        Number(report.p99) < DELIVERY_GOAL_MS &&
        Number(opened.streamsOpen) * options.events === Number(report.received),
    };
  } finally {
    child.send({ type: 'close' });
  }
}

async function main(options: Options): Promise<void> {
  const lines = [
    `# Live streams (P7): ${options.db}, ${options.events} comments per scenario, one every 250 ms`,
    '',
    `${new Date().toISOString()}. Goal: every stream connects, ≤ ${KB_GOAL} KB RSS per viewer at ${P7_VIEWERS.toLocaleString('en-US')} viewers and more, each slice of a fan-out ≤ 15 ms, p99 delivery < ${DELIVERY_GOAL_MS} ms, nothing lost.`,
    '',
    '| round | viewers | connected | failed | opening s | RSS KB per viewer | heap KB per viewer | fan-out slice mean ms | slices ≤ 15 ms | longest slice ≤ ms | CPU wait a comment, median ms | CPU wait in comments with a slice > 15 ms | delivery p50 ms | delivery p99 ms | lost | held |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  const results = [];
  for (let round = 1; round <= options.rounds; round++) {
    for (const viewers of options.viewers) {
      const r = await isolatedScenario(viewers, options);
      results.push({ round, ...r });
      const f = (n: number, digits = 1) => n.toFixed(digits);
      const line = `| ${round} | ${r.viewers} | ${r.opened} | ${r.failed} | ${f(r.openSeconds)} | ${f(r.perViewerKb)} | ${f(r.heapPerViewerKb)} | ${f(r.fanMeanMs, 2)} | ${r.fanWithinGoal} | ${f(r.sliceMaxAtMostMs, 0)} | ${f(r.waitMsPerComment)} | ${r.waitMsOver.map((ms) => f(ms)).join(', ') || 'none'} | ${f(r.p50)} | ${f(r.p99)} | ${r.lost} | ${r.held ? 'yes' : 'no'} |`;
      console.log(line);
      lines.push(line);
    }
  }
  const cores = [...new Set(results.map((r) => r.cores))];
  lines.push('', `While the comments went out: ${cores.join('; ')}.`);
  const data = {
    ...options,
    goals: { kbPerViewer: KB_GOAL, sliceMs: FANOUT_GOAL_S * 1000, deliveryP99Ms: DELIVERY_GOAL_MS },
    date: new Date().toISOString(),
    results,
  };
  writeResults('sse', options.label, lines, { file: options.json, data });
}

type ScenarioResult = Awaited<ReturnType<typeof scenario>>;

/**
 * One scenario in a server process of its own. In a shared process, memory an earlier scenario
 * freed stays resident and is reused: round 2 measured less than nothing a viewer, and 10,000
 * viewers after 2,000 reused the first 2,000's pages. Each process starts with no stream ever opened.
 */
async function isolatedScenario(viewers: number, options: Options): Promise<ScenarioResult> {
  const dir = mkdtempSync(join(tmpdir(), 'kettle-sse-'));
  const file = join(dir, 'scenario.json');
  const args = [
    ...SERVER_NODE_FLAGS,
    ...process.execArgv,
    process.argv[1] ?? '',
    '--scenario',
    file,
    '--viewers',
    String(viewers),
  ];
  args.push('--events', String(options.events), '--concurrency', String(options.concurrency), '--db', options.db);
  if (options.sharedCores) args.push('--shared-cores');
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      child.on('error', reject);
      child.on('exit', resolve);
    });
    if (code !== 0) throw new Error(`the ${viewers}-viewer scenario exited with ${code}`);
    const result = JSON.parse(readFileSync(file, 'utf8')) as ScenarioResult;
    // JSON has no Infinity: a slice past the histogram's largest bound comes back as null.
    return { ...result, sliceMaxAtMostMs: result.sliceMaxAtMostMs ?? Infinity };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `--scenario FILE`: the server process of one scenario, its figures written to FILE. */
async function runScenario(file: string, options: Options): Promise<void> {
  // Its parent gone (a killed run), nothing is waiting for this scenario: its dataset is dropped.
  const orphaned = new AbortController();
  process.on('disconnect', () => orphaned.abort());
  const viewers = options.viewers[0] ?? P7_VIEWERS;
  await withServedApp(
    options.db,
    async ({ app, target, base }) => {
      writeFileSync(file, JSON.stringify(await scenario(app, target, base, viewers, options)));
    },
    (config) => ({ ...config, realtime: { ...config.realtime, heartbeatMs: 20_000 } }),
    orphaned.signal,
  );
}

const parsed = readOptions();
runBench(() => (parsed.scenario ? runScenario(parsed.scenario, parsed) : main(parsed)));
