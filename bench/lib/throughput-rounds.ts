// The rounds of `npm run bench:load`: each read scenario with the bare read routes run right before
// and right after it, then each spend with its floor and the bare spend route, every run a row.
// Kept apart from the setup (bench/throughput.ts) and the report (throughput-report.ts).
import autocannon from 'autocannon';
import type { Baseline } from './baselines.js';
import type { Comparison, GoalId } from './bench-table.js';
import {
  type BaselineShare,
  readServerMetrics,
  serverShare,
  type ServerShare,
  withProcessCpu,
} from './server-metrics.js';
import {
  type BuildRequest,
  loadEach,
  loadFigures,
  type LoadFigures,
  spendBaselineRequest,
  type SpendScenario,
} from './spend-load.js';

/** A run's figures, and what the server under it did (its /metrics, or a baseline's CPU from /proc). */
export type Figures = LoadFigures & { server?: ServerShare | BaselineShare };
type Rate = { rps: number; p99: number };
/** A comparison a scenario asks for: with `goal`, one it must hold. */
type Check = { baseline: string; goal?: GoalId; min?: number; maxP99Ratio?: number };
export type ThroughputRow = Figures & {
  round: number;
  name: string;
  isBaseline?: boolean;
  comparisons?: Comparison[];
};

/**
 * A goal's baseline as the mean of its runs right before and right after the scenario it judges:
 * this machine's speed drifts by a tenth and more from one minute to the next (hello has run at
 * 39k and 55k req/s in consecutive runs), and a ratio against the run before alone carried that drift whole.
 * Against the mean, a steady drift cancels. Both runs have rows of their own in the table.
 */
const bracketed = (before: Rate, after: Rate): Rate => ({
  rps: (before.rps + after.rps) / 2,
  p99: (before.p99 + after.p99) / 2,
});

export type RoundsSetup = {
  /** The built server. */
  origin: string;
  firstPage: string;
  postId: string;
  categoryId: string;
  rounds: number;
  connections: number;
  duration: number;
  /** Whether the bare page and spend routes run (PostgreSQL): the goals judged against them do too. */
  onPostgres: boolean;
  baselines: {
    hello: Baseline;
    sameText: Baseline;
    pageRoute: Baseline | null;
    spendRoute: Baseline | null;
    spendFloor: Baseline | null;
  };
  spends: SpendScenario[];
  readerIds: string[];
  /** The demo reader's token as it is when asked: signInAll renews it. */
  token: () => string;
  /** Signs everyone in again when their tokens are close to lapsing. */
  signInAll: () => Promise<void>;
};

/** Runs every round, adding its rows to `rows` in the order the table lists them. */
export async function runRounds(setup: RoundsSetup, rows: ThroughputRow[]): Promise<void> {
  const { origin, firstPage, connections, duration } = setup;
  const { hello, sameText, pageRoute, spendRoute, spendFloor } = setup.baselines;
  /** One autocannon run of GET `url`. */
  const load = async (url: string, headers: Record<string, string> = {}) =>
    loadFigures(await autocannon({ url, connections, duration, headers }));
  /** A scenario's figures, and what the server's own metrics say it did meanwhile (`server`). */
  const observed = async (measure: () => Promise<LoadFigures>): Promise<Figures> => {
    const before = await readServerMetrics(origin);
    const figures = await measure();
    return { ...figures, server: serverShare(before, await readServerMetrics(origin)) };
  };
  /** A goal's comparison, when its baseline runs on this engine. */
  const goal = (id: GoalId, baseline: string, min: number, maxP99Ratio?: number): Check[] =>
    baseline === 'hello' || setup.onPostgres ? [{ goal: id, baseline, min, maxP99Ratio }] : [];
  // `beside`: the baselines measured again right before the scenario ("side by side", as
  // docs/performance.md has it), so that a goal's ratio is not a drift of the shared machine between the
  // start of the round and its turn (P3 once compared the page route at the round's start with
  // the signed-in list five scenarios later). Other comparisons use the baseline's latest figures.
  const readScenarios: Array<{
    name: string;
    url: string;
    beside?: string[];
    checks?: Check[];
    headers?: Record<string, string> | (() => Record<string, string>);
  }> = [
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
      url: `${firstPage}&category_id=${setup.categoryId}`,
      beside: ['page route', 'hello'],
      checks: [...goal('P1', 'page route', 0.9, 1.2), ...goal('P2', 'hello', 0.5)],
    },
    { name: 'anonymous post detail', url: `${origin}/api/v1/posts/${setup.postId}` },
    {
      name: 'signed-in front page list',
      url: firstPage,
      beside: ['page route'],
      checks: goal('P3', 'page route', 0.8),
      headers: () => ({ authorization: `Bearer ${setup.token()}` }),
    },
  ];
  /** The bare read routes, by the name a scenario's `beside` and checks give them. */
  const readBaselines: Record<string, { name: string; url: string }> = {
    hello: { name: 'Fastify hello (baseline)', url: hello.url },
    'same text': { name: 'Fastify sending the first page as fixed text (baseline)', url: sameText.url },
    ...(pageRoute ? { 'page route': { name: 'prepared page route (baseline)', url: pageRoute.url } } : {}),
  };

  for (let round = 1; round <= setup.rounds; round += 1) {
    /** Each baseline's latest figures this round. */
    const measured: Record<string, Rate> = {};
    /**
     * A scenario's row: its ratio to hello, and to the baseline of each goal it carries. `at`: its
     * place among the rows, where it ran (before the baseline runs after it).
     */
    const row = (name: string, figures: Figures, checks: Check[] = [], at = rows.length) => {
      const compare = (baseline: string): Comparison => {
        const base = measured[baseline];
        if (!base) throw new Error(`no figures for the baseline ${baseline}`);
        return {
          baseline,
          baselineRps: base.rps,
          baselineP99: base.p99,
          ratio: figures.rps / base.rps,
          p99Ratio: figures.p99 / Math.max(1, base.p99),
        };
      };
      const comparisons = checks.map((c) => {
        const found = compare(c.baseline);
        if (!c.goal || c.min === undefined) return found;
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
      const beside = (scenario.beside ?? []).flatMap((key) => {
        const baseline = readBaselines[key];
        return baseline ? [{ key, ...baseline }] : [];
      });
      /** Each baseline beside the scenario, run once into `into`, each with a row of its own. */
      const runBeside = async (into: Record<string, LoadFigures>) => {
        for (const { key, name, url } of beside) {
          const figures = await load(url);
          into[key] = figures;
          rows.push({ round, name, isBaseline: true, ...figures });
        }
      };
      const before: Record<string, LoadFigures> = {};
      await runBeside(before);
      process.stdout.write(`Round ${round}: ${scenario.name}...\n`);
      const headers = typeof scenario.headers === 'function' ? scenario.headers() : scenario.headers;
      const figures = await observed(() => load(scenario.url, headers));
      const at = rows.length;
      const after: Record<string, LoadFigures> = {};
      await runBeside(after);
      for (const { key } of beside) {
        const [b, a] = [before[key], after[key]];
        if (b && a) measured[key] = bracketed(b, a);
      }
      row(scenario.name, figures, scenario.checks, at);
    }
    await setup.signInAll();
    /** The spend route once: its row, and its figures. */
    const runSpendRoute = async (route: Baseline) => {
      const figures = await withProcessCpu(route.pid, () =>
        loadEach(
          { origin: route.url.replace(/\/$/, ''), connections, duration },
          spendBaselineRequest(setup.readerIds),
        ),
      );
      rows.push({ round, name: 'prepared spend route (baseline)', isBaseline: true, ...figures });
      return figures;
    };
    for (const scenario of setup.spends) {
      process.stdout.write(`Round ${round}: ${scenario.name}...\n`);
      /** One run of `build` at `at`; a repeated pair answers a free no-op or 409, so it counts as an error. */
      const spendLoad = async (at: string, build: BuildRequest) => {
        const repeatsBefore = scenario.walker.repeats;
        const figures = await loadEach({ origin: at, connections, duration }, build);
        figures.errors += scenario.walker.repeats - repeatsBefore;
        return figures;
      };
      const floorName = `${scenario.kind} statement`;
      if (spendFloor) {
        // Its CPU per answer beside the route's (the route's own /metrics): what Kettle adds, per answer.
        const floor = await withProcessCpu(spendFloor.pid, () =>
          spendLoad(spendFloor.url.replace(/\/$/, ''), scenario.floor),
        );
        measured[floorName] = floor;
        rows.push({ round, name: `Kettle's ${floorName} on a bare route (floor)`, isBaseline: true, ...floor });
      }
      // Right before and right after the spend, as the read goals' baselines are (readScenarios' `beside`).
      const routeBefore = spendRoute ? await runSpendRoute(spendRoute) : null;
      const figures = await observed(() => spendLoad(origin, scenario.build));
      const at = rows.length;
      if (spendRoute && routeBefore) measured['spend route'] = bracketed(routeBefore, await runSpendRoute(spendRoute));
      // Beside its goal, how close the route comes to its own statement with nothing else.
      row(
        scenario.name,
        figures,
        [...goal('P6', 'spend route', 0.8), ...(spendFloor ? [{ baseline: floorName }] : [])],
        at,
      );
    }
  }
}
