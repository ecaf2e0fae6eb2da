/**
 * Does a search hold up the server? (docs/performance.md, goal P8: on the PGlite tier no request
 * blocks the event loop for more than 50 ms on the 100k dataset.)
 *
 * Run from the repository root:
 *   npm run bench:event-loop                            # PGlite, 100,000 teas, 2 rounds
 *   npx tsx bench/event-loop.ts --posts 20000 --searchers 4 --samples 200 --label after
 *   npx tsx bench/event-loop.ts --db postgres           # the same over PostgreSQL, for comparison
 *
 * Per round, over HTTP on a loopback port: `GET /api/health` (no database) K times one after the
 * other with the server idle, then K times again while N clients search without pause (frequent,
 * pending-only, rare, absent and @handle terms). It prints the health answers' p50, p99 and max and
 * the event loop's own delay (perf_hooks) in each phase, and writes them to
 * bench/results/event-loop-<date>[-label].md (with --json FILE: the figures there, the table beside
 * it, for `npm run bench`). It reports; it never fails on a time.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ABSENT_WORD, COMMON_WORD, PENDING_ONLY, PENDING_WORD, RARE_WORD, seed } from './lib/dataset/index.js';
import { engineOption, positiveInt, runBench, withServedApp, writeResults } from './lib/served-app.js';
import { percentile } from './lib/percentile.js';

const GOAL_MS = 50;
const TERMS = [PENDING_WORD, PENDING_ONLY, COMMON_WORD, RARE_WORD, ABSENT_WORD, '@user_42'];

function readOptions() {
  const { values } = parseArgs({
    options: {
      posts: { type: 'string', default: '100000' },
      db: { type: 'string', default: 'pglite' },
      rounds: { type: 'string', default: '2' },
      samples: { type: 'string', default: '200' },
      searchers: { type: 'string', default: '4' },
      label: { type: 'string' },
      json: { type: 'string' },
    },
  });
  return {
    db: engineOption(values.db),
    posts: positiveInt('posts', values.posts),
    rounds: positiveInt('rounds', values.rounds),
    samples: positiveInt('samples', values.samples),
    searchers: positiveInt('searchers', values.searchers),
    label: values.label,
    json: values.json,
  };
}

async function timedGet(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - t0;
}

/** `count` health answers one after the other, a few milliseconds apart so they span the load. */
async function sampleHealth(base: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    times.push(await timedGet(`${base}/api/health`));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return times.sort((a, b) => a - b);
}

type Phase = { health: number[]; loopP99: number; loopMax: number; searches: number[] };

async function phase(base: string, samples: number, searchers: number): Promise<Phase> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let running = true;
  const searches: number[] = [];
  const searcher = async (offset: number): Promise<void> => {
    for (let i = offset; running; i++) {
      const term = TERMS[i % TERMS.length] ?? COMMON_WORD;
      searches.push(await timedGet(`${base}/api/v1/posts/?${new URLSearchParams({ search: term, limit: '9' })}`));
    }
  };
  loop.enable();
  const load = Array.from({ length: searchers }, (_, i) => searcher(i));
  const health = await sampleHealth(base, samples);
  running = false;
  await Promise.all(load);
  loop.disable();
  return {
    health,
    loopP99: loop.percentile(99) / 1e6,
    loopMax: loop.max / 1e6,
    searches: searches.sort((a, b) => a - b),
  };
}

/** A phase's figures for the --json file. */
function figures(p: Phase) {
  const { health, searches } = p;
  return {
    health: { p50: percentile(health, 50), p99: percentile(health, 99), max: health.at(-1) ?? NaN },
    loop: { p99: p.loopP99, max: p.loopMax },
    searches: { count: searches.length, p50: percentile(searches, 50), p95: percentile(searches, 95) },
    held: (health.at(-1) ?? Infinity) <= GOAL_MS,
  };
}

function row(name: string, p: Phase): string {
  const f = (n: number) => n.toFixed(1);
  const { health, searches } = p;
  const searchCells = searches.length
    ? `${searches.length} | ${f(percentile(searches, 50))} | ${f(percentile(searches, 95))}`
    : '0 | | ';
  return `| ${name} | ${f(percentile(health, 50))} | ${f(percentile(health, 99))} | ${f(health.at(-1) ?? NaN)} | ${f(p.loopP99)} | ${f(p.loopMax)} | ${searchCells} | ${(health.at(-1) ?? Infinity) <= GOAL_MS ? 'yes' : 'no'} |`;
}

async function main(): Promise<void> {
  const options = readOptions();
  const lines = [
    `# Event loop under search (P8): ${options.db}, ${options.posts} teas, ${options.searchers} searchers, ${options.samples} health samples per phase`,
    '',
    `${new Date().toISOString()}. Times in ms. Health = GET /api/health over loopback HTTP; loop = perf_hooks event-loop delay. Goal: no health answer over ${GOAL_MS} ms while searches run.`,
    '',
    '| phase | health p50 | health p99 | health max | loop p99 | loop max | searches | search p50 | search p95 | max ≤ 50 ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  await withServedApp(options.db, async ({ target, base }) => {
    const t0 = Date.now();
    await seed(target, options.posts);
    console.log(`seeding and analyze took ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const origin = base.origin;
    await phase(origin, 20, options.searchers); // warm-up: JIT, plans, connections
    const rounds = [];
    for (let round = 1; round <= options.rounds; round++) {
      const idle = await phase(origin, options.samples, 0);
      lines.push(row(`round ${round}, idle`, idle));
      const searching = await phase(origin, options.samples, options.searchers);
      lines.push(row(`round ${round}, searching`, searching));
      rounds.push({ round, idle: figures(idle), searching: figures(searching) });
    }
    const data = { ...options, goalMs: GOAL_MS, date: new Date().toISOString(), rounds };
    writeResults('event-loop', options.label, lines, { file: options.json, data });
  });
}

runBench(main);
