/**
 * `npm run bench`: issue 13's table in one run (docs/performance.md, goals P1 to P8 and G1).
 *
 * Runs each part as a child process, one after the other, each building its own dataset inside the
 * database and writing its figures as JSON: per engine, throughput.ts (P1, P2, P3, P6 under
 * autocannon beside the bare baselines) and list-latency.ts (P4, P5, sequential p95); then
 * event-loop.ts (P8, PGlite), sse.ts (P7) and guard.ts (G1, in process). Then it writes one table to
 * bench/results/bench-<date>[-label].{json,md,svg}, with the parts' own files in the folder of the
 * same name. Not part of `npm test`: it reports, and exits 1 only when a part failed.
 *
 *   npm run bench                                   # both engines, 100,000 teas, 2 rounds of 10 s
 *   npm run bench -- --posts 1000000 --db postgres  # the large dataset
 *   npm run bench -- --posts 2000 --rounds 1 --duration 2 --viewers 200 --skip event-loop
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { ROOT, runBuild, SERVER_ENTRY } from '../scripts/lib/run.mjs';
import {
  type BenchRow,
  type Engine,
  type EventLoopPart,
  eventLoopRows,
  type GoalId,
  P7_VIEWERS,
  goalStatus,
  type LatencyPart,
  latencyRows,
  renderTable,
  type SsePart,
  sseRows,
  type ThroughputPart,
  throughputRows,
} from './lib/bench-table.js';
import { guardRows, type GuardPart } from './lib/guard-rows.js';
import { type Part, readPart, runPart, stopRequested, tsx } from './lib/parts.js';
import { ratioChart } from './lib/ratio-chart.js';
import { positiveInt } from './lib/served-app.js';

const PART_KINDS = ['load', 'latency', 'event-loop', 'sse', 'guard'] as const;
/** The dataset sizes the goals name (docs/performance.md): smaller runs say so in the note. */
const GOAL_POSTS = { postgres: 1_000_000, pglite: 100_000 };

function readOptions() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'both' },
      posts: { type: 'string', default: '100000' },
      rounds: { type: 'string', default: '2' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      readers: { type: 'string', default: '50' },
      requests: { type: 'string', default: '200' },
      checks: { type: 'string', default: '2000' },
      viewers: { type: 'string', default: '2000,10000' },
      skip: { type: 'string', default: '' },
      label: { type: 'string' },
      out: { type: 'string' },
      build: { type: 'boolean', default: false },
    },
  });
  if (!['pglite', 'postgres', 'both'].includes(values.db)) throw new Error('--db must be pglite, postgres or both');
  const skip = values.skip.split(',').filter(Boolean);
  for (const s of skip) {
    if (!(PART_KINDS as readonly string[]).includes(s))
      throw new Error(`--skip takes ${PART_KINDS.join(', ')}; got ${s}`);
  }
  return {
    engines: (values.db === 'both' ? ['pglite', 'postgres'] : [values.db]) as Engine[],
    posts: positiveInt('posts', values.posts),
    rounds: positiveInt('rounds', values.rounds),
    duration: positiveInt('duration', values.duration),
    connections: positiveInt('connections', values.connections),
    readers: positiveInt('readers', values.readers),
    requests: positiveInt('requests', values.requests),
    checks: positiveInt('checks', values.checks),
    viewers: values.viewers.split(',').map((v) => positiveInt('viewers', v.trim())),
    skip: new Set(skip),
    label: values.label,
    out: values.out,
    build: values.build,
  };
}
type Options = ReturnType<typeof readOptions>;

/** The parts in the order they run; the engine-independent ones on the first engine asked for. */
function plan(options: Options, dir: string): Part[] {
  const parts: Part[] = [];
  const shared = ['--posts', String(options.posts), '--rounds', String(options.rounds)];
  const json = (name: string) => join(dir, `${name}.json`);
  for (const engine of options.engines) {
    if (!options.skip.has('load')) {
      const file = json(`throughput-${engine}`);
      const load = ['--duration', String(options.duration), '--connections', String(options.connections)];
      const command = tsx('bench/throughput.ts', '--db', engine, ...shared, ...load, '--json', file);
      parts.push({ kind: 'load', engine, json: file, command: [...command, '--readers', String(options.readers)] });
    }
    if (!options.skip.has('latency')) {
      const file = json(`list-latency-${engine}`);
      const command = tsx('bench/list-latency.ts', '--db', engine, ...shared, '--requests', String(options.requests));
      parts.push({ kind: 'latency', engine, json: file, command: [...command, '--json', file] });
    }
  }
  // P8 is the embedded tier's goal.
  if (!options.skip.has('event-loop') && options.engines.includes('pglite')) {
    const file = json('event-loop');
    parts.push({
      kind: 'event-loop',
      engine: 'pglite',
      json: file,
      command: tsx('bench/event-loop.ts', '--db', 'pglite', ...shared, '--json', file),
    });
  }
  const first = options.engines[0] ?? 'pglite';
  if (!options.skip.has('sse')) {
    const file = json('sse');
    const viewers = options.viewers.flatMap((v) => ['--viewers', String(v)]);
    const command = tsx('--expose-gc', 'bench/sse.ts', '--db', first, '--rounds', String(options.rounds), ...viewers);
    parts.push({ kind: 'sse', engine: first, json: file, command: [...command, '--json', file] });
  }
  if (!options.skip.has('guard')) {
    const file = json('guard');
    const command = tsx('bench/guard.ts', '--rounds', String(options.rounds), '--checks', String(options.checks));
    parts.push({ kind: 'guard', engine: first, json: file, command: [...command, '--json', file] });
  }
  return parts;
}

/** The newest source file's time: a build older than it measures code that is no longer there. */
function newestSource(): number {
  let newest = 0;
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of ['apps/api/src', 'apps/web/src', 'packages/shared/src']) walk(join(ROOT, dir));
  return newest;
}

/** What the machine and the tree were: absolute figures only compare within one of these. */
function machine() {
  const git = (...args: string[]): string => {
    try {
      return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  return {
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
    loadAtStart: loadavg().map((l) => Number(l.toFixed(2))),
    node: process.version,
    commit: `${git('rev-parse', '--short', 'HEAD') || 'unknown'}${git('status', '--porcelain') ? ' + uncommitted changes' : ''}`,
  };
}

/** Why a goal has no row, or what its rows do not cover, for the note under the table. */
function caveats(options: Options, failed: Part[]): Partial<Record<GoalId, string>> {
  const why: Partial<Record<GoalId, string>> = {};
  const add = (goals: GoalId[], text: string) => {
    for (const g of goals) why[g] = [why[g], text].filter(Boolean).join('; ');
  };
  const skipped = (kind: string) => options.skip.has(kind) && `skipped (--skip ${kind})`;
  const load = skipped('load');
  if (load) add(['P1', 'P2', 'P3', 'P6'], load);
  else if (!options.engines.includes('postgres'))
    add(['P1', 'P3', 'P6'], 'their baselines (the bare page and spend routes) run on PostgreSQL: add --db postgres');
  else add(['P1', 'P3', 'P6'], 'ratios on PostgreSQL, where the bare routes run; PGlite rows are against hello');
  const latency = skipped('latency');
  if (latency) add(['P4', 'P5'], latency);
  for (const engine of options.engines) {
    if (!latency && options.posts < GOAL_POSTS[engine])
      add(
        engine === 'postgres' ? ['P4', 'P5'] : ['P4'],
        `${engine} measured at ${options.posts.toLocaleString('en-US')} posts; the goal names ${GOAL_POSTS[engine].toLocaleString('en-US')}`,
      );
  }
  const sse = skipped('sse');
  if (sse) add(['P7'], sse);
  else if (Math.max(...options.viewers) < P7_VIEWERS)
    add(
      ['P7'],
      `largest run ${Math.max(...options.viewers)} viewers; the goal names ${P7_VIEWERS.toLocaleString('en-US')}`,
    );
  const eventLoop = skipped('event-loop');
  if (eventLoop) add(['P8'], eventLoop);
  else if (!options.engines.includes('pglite')) add(['P8'], 'a PGlite goal: add --db pglite');
  else if (options.posts < GOAL_POSTS.pglite)
    add(['P8'], `measured at ${options.posts.toLocaleString('en-US')} posts; the goal names 100,000`);
  const guard = skipped('guard');
  if (guard) add(['G1'], guard);
  const goalsOf = {
    load: ['P1', 'P2', 'P3', 'P6'],
    latency: ['P4', 'P5'],
    'event-loop': ['P8'],
    sse: ['P7'],
    guard: ['G1'],
  } as const;
  for (const part of failed) add([...goalsOf[part.kind]], `the ${part.kind} part on ${part.engine} failed`);
  return why;
}

async function main(): Promise<number> {
  const options = readOptions();
  const date = new Date().toISOString();
  const base = `bench-${date.slice(0, 10)}${options.label ? `-${options.label}` : ''}`;
  // --out: another folder for the results (the CI smoke run's temporary one).
  const resultsDir = options.out ? resolve(options.out) : join(ROOT, 'bench', 'results');
  const partsDir = join(resultsDir, base);
  mkdirSync(partsDir, { recursive: true });
  const about = machine();

  if (options.build || !existsSync(SERVER_ENTRY)) {
    if ((await runBuild()) !== 0) return 1;
  }
  const staleBuild = statSync(SERVER_ENTRY).mtimeMs < newestSource();
  if (staleBuild)
    console.warn('\nThe built server is older than the source: these figures measure that build (--build rebuilds).\n');

  const rows: BenchRow[] = [];
  const failed: Part[] = [];
  const parts = plan(options, partsDir);
  for (const part of parts) {
    if (stopRequested()) return 130;
    console.log(`\n##### bench part: ${part.kind} (${part.engine}): ${part.command.slice(1).join(' ')}\n`);
    const code = await runPart(part);
    if (stopRequested()) return 130;
    const figures = code === 0 ? await readPart(part) : undefined;
    if (figures === undefined) {
      console.error(`\nthe ${part.kind} part on ${part.engine} exited with ${code}; its rows are missing`);
      failed.push(part);
      continue;
    }
    if (part.kind === 'load') rows.push(...throughputRows(figures as ThroughputPart));
    if (part.kind === 'latency') rows.push(...latencyRows(figures as LatencyPart));
    if (part.kind === 'event-loop') rows.push(...eventLoopRows(figures as EventLoopPart));
    if (part.kind === 'sse') rows.push(...sseRows(figures as SsePart));
    if (part.kind === 'guard') rows.push(...guardRows(figures as GuardPart, part.engine));
  }

  const goals = goalStatus(rows, caveats(options, failed));
  const withErrors = rows.filter((r) => (r.errors ?? 0) > 0);
  const notHeld = goals.filter((g) => g.status === 'not held').map((g) => g.goal);
  const notMeasured = goals.filter((g) => g.status === 'not measured').map((g) => g.goal);
  const verdict =
    notHeld.length === 0 && notMeasured.length === 0
      ? `Every goal P1–P8 and G1 held in every round (${options.rounds}).`
      : [
          notHeld.length ? `Not held: ${notHeld.join(', ')}.` : '',
          notMeasured.length ? `Not measured: ${notMeasured.join(', ')}.` : '',
        ]
          .filter(Boolean)
          .join(' ');
  const partLinks = parts.map((p) => {
    const md = relative(resultsDir, p.json).replace(/\.json$/, '.md');
    return `[${p.kind} (${p.engine})](${md})${failed.includes(p) ? ' (failed)' : ''}`;
  });
  const lines = [
    `# Kettle bench ${date}${options.label ? ` (${options.label})` : ''}`,
    '',
    `${about.cpu}, load ${about.loadAtStart.join(' / ')} at the start, Node ${about.node}, ${about.commit}. ` +
      `${options.posts.toLocaleString('en-US')} posts on ${options.engines.join(' and ')}, ${options.rounds} round(s); ` +
      `autocannon -c ${options.connections} -d ${options.duration}; ${options.requests} sequential requests per latency scenario; ` +
      `SSE viewers ${options.viewers.join(', ')}.` +
      (staleBuild ? ' **The built server was older than the source.**' : ''),
    '',
    `**${verdict}**${withErrors.length ? ` Rows with errors (their figures are worthless): ${withErrors.map((r) => `${r.engine} round ${r.round} ${r.scenario}`).join('; ')}.` : ''}`,
    '',
    '| goal | status | where it did not hold, and what the rows cover |',
    '| --- | --- | --- |',
    ...goals.map((g) => `| ${g.goal} | ${g.status} | ${g.detail.replace(/\|/g, '\\|')} |`),
    '',
    'Ratio = req/s ÷ the baseline\'s req/s in the same round (its rate in brackets: for a load goal, the mean of its runs right before and right after the scenario); "all" rounds: checked once after them.',
    'p95 rows are sequential requests through the real route in process (list-latency.ts); the others are over loopback HTTP.',
    '',
    ...renderTable(rows),
    '',
    `![ratio per scenario](${base}.svg)`,
    '',
    `Parts (their own tables): ${partLinks.join(', ')}.`,
  ];
  const chart = rows
    .filter((r) => r.ratio !== undefined)
    .map((r) => ({
      name: `${r.scenario} (${r.engine}) ÷ ${r.baseline?.split(' (')[0] ?? ''}`,
      ratio: r.ratio ?? 0,
      goal: r.minRatio,
    }));
  const format = async (file: string, text: string) =>
    prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
  const files = { json: join(resultsDir, `${base}.json`), md: join(resultsDir, `${base}.md`) };
  writeFileSync(join(resultsDir, `${base}.svg`), ratioChart(chart, `Kettle ÷ baseline (${date.slice(0, 10)})`));
  writeFileSync(files.md, await format(files.md, `${lines.join('\n')}\n`));
  const data = { date, options: { ...options, skip: [...options.skip] }, machine: about, staleBuild, goals, rows };
  writeFileSync(files.json, await format(files.json, JSON.stringify(data)));
  console.log(`\n${lines.join('\n')}\n\nWritten to ${relative(ROOT, join(resultsDir, base))}.json, .md and .svg`);
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
