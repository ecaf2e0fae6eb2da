/**
 * Issue 13's table: the parts of `npm run bench` (throughput.ts, list-latency.ts, event-loop.ts,
 * sse.ts) each write their figures as JSON; this folds them into one row shape, decides per goal
 * whether it held in every round, and renders the Markdown. Kept apart from the running of the
 * parts: these are pure functions of the parts' figures.
 */

import { serverText, type BaselineShare, type ServerShare } from './server-metrics.js';

export type Engine = 'pglite' | 'postgres';
export type GoalId = 'P1' | 'P2' | 'P3' | 'P4' | 'P5' | 'P6' | 'P7' | 'P8' | 'G1';
export const GOALS: GoalId[] = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'G1'];

/** One line of the table. Blank cells stay undefined: a sequential p95 row has no req/s. */
export type BenchRow = {
  scenario: string;
  engine: Engine;
  round: number;
  rps?: number;
  p50?: number;
  p95?: number;
  p99?: number;
  /** What a row measures that is neither a rate nor a latency (memory per viewer, invariants). */
  measured?: string;
  errors?: number;
  baseline?: string;
  /** req/s over the baseline's req/s in the same round: what the chart draws. */
  ratio?: number;
  /** The ratio's goal, for the chart's tick. */
  minRatio?: number;
  goal?: GoalId;
  goalText?: string;
  held?: boolean;
  isBaseline?: boolean;
};

// The parts' JSON, as they write it (only what the table reads).
/** A scenario's figures beside one baseline, as the load part writes them (throughput-rounds.ts). */
export type Comparison = {
  baseline: string;
  baselineRps: number;
  baselineP99: number;
  ratio: number;
  p99Ratio: number;
  goal?: GoalId;
  min?: number;
  maxP99Ratio?: number;
  held?: boolean;
};
export type ThroughputPart = {
  db: Engine;
  posts: number;
  approvedSeen: number;
  rows: Array<{
    round: number;
    name: string;
    isBaseline?: boolean;
    rps: number;
    p50: number;
    p99: number;
    errors: number;
    comparisons?: Comparison[];
    /** What the server's own /metrics said during the scenario (lib/server-metrics.ts). */
    server?: ServerShare | BaselineShare;
  }>;
  coins: {
    users: number;
    negativeBalances: number;
    balanceNotLedgerSum: number;
    contended: { balance: number; ledgerSpends: number; unlocks: number };
    contention: {
      workers: number;
      attempts: number;
      affordable: number;
      succeeded: number;
      statuses: Record<string, number>;
      held: boolean;
    };
    held: boolean;
  };
};
export type LatencyPart = {
  db: Engine;
  posts: number;
  requests: number;
  goalMs: number;
  rounds: Array<{ round: number; rows: Array<{ name: string; goal?: GoalId; p50: number; p95: number; p99: number }> }>;
};
type PhaseFigures = {
  health: { p50: number; p99: number; max: number };
  loop: { p99: number; max: number };
  searches: { count: number; p50: number; p95: number };
  held: boolean;
};
export type EventLoopPart = {
  db: Engine;
  posts: number;
  searchers: number;
  goalMs: number;
  rounds: Array<{ round: number; idle: PhaseFigures; searching: PhaseFigures }>;
};
export type SsePart = {
  db: Engine;
  events: number;
  goals: { kbPerViewer: number; sliceMs: number; deliveryP99Ms: number };
  results: Array<{
    round: number;
    viewers: number;
    opened: number;
    failed: number;
    openSeconds: number;
    perViewerKb: number;
    heapPerViewerKb: number;
    fanMeanMs: number | null;
    slices: number;
    slicesWithinGoal: number;
    /** null: a slice fell past the histogram's largest bound (JSON has no Infinity). */
    sliceMaxAtMostMs: number | null;
    /** The event loop's wait for a core a comment, median ms (absent from older results). */
    waitMsPerComment?: number | null;
    /** The same wait, ms, for each comment that had a slice over the goal. */
    waitMsOver?: Array<number | null>;
    /** Where the event loop, its other threads and the viewers ran in the comments (lib/cores.ts). */
    cores?: string;
    p50: number;
    p99: number;
    lost: number;
  }>;
};

const n1 = (n: number | null | undefined): string => (n === null || n === undefined ? '?' : n.toFixed(1));
export const thousands = (n: number): string => Math.round(n).toLocaleString('en-US');

/** P1 to P3 and P6 rows: one per (scenario, baseline it is compared with) and the baselines. */
export function throughputRows(part: ThroughputPart): BenchRow[] {
  const engine = part.db;
  const rows: BenchRow[] = [];
  for (const r of part.rows) {
    const figures = { engine, round: r.round, rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors };
    if (r.isBaseline) {
      rows.push({ scenario: r.name, ...figures, measured: serverText(r.server) || undefined, isBaseline: true });
      continue;
    }
    for (const c of r.comparisons ?? []) {
      rows.push({
        scenario: r.name,
        ...figures,
        measured: serverText(r.server) || undefined,
        baseline: `${c.baseline} (${thousands(c.baselineRps)} req/s)`,
        ratio: c.ratio,
        minRatio: c.min,
        goal: c.goal,
        goalText: c.goal
          ? `≥ ${c.min} of ${c.baseline}${c.maxP99Ratio ? `, p99 ≤ ${c.maxP99Ratio}× (${c.p99Ratio.toFixed(2)})` : ''}`
          : undefined,
        held: c.goal ? c.held : undefined,
      });
    }
  }
  const coins = part.coins;
  const c = coins.contention;
  rows.push({
    scenario: 'coins after the spends; one reader unlocking 10 at once',
    engine,
    round: 0,
    measured:
      `${coins.negativeBalances} negative, ${coins.balanceNotLedgerSum}/${coins.users} balances ≠ ledger sum; ` +
      `${c.succeeded}/${c.attempts} unlocks for coins for ${c.affordable} (${Object.entries(c.statuses)
        .map(([status, count]) => `${count}× ${status}`)
        .join(', ')}), ${coins.contended.ledgerSpends} ledger rows, balance ${coins.contended.balance}`,
    goal: 'P6',
    goalText: 'no negative balance, 1 ledger row per spend',
    held: coins.held,
  });
  return rows;
}

/** P4 and P5: sequential requests in process, p95 against the goal's 20 ms. */
export function latencyRows(part: LatencyPart): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const { round, rows: measured } of part.rounds) {
    const health = measured.find((r) => !r.goal);
    for (const r of measured) {
      const base = { scenario: r.name, engine: part.db, round, p50: r.p50, p95: r.p95, p99: r.p99, errors: 0 };
      if (!r.goal) {
        rows.push({ ...base, scenario: `${r.name} (in process)`, isBaseline: true });
        continue;
      }
      rows.push({
        ...base,
        baseline: health ? `health p95 ${health.p95.toFixed(2)} ms` : undefined,
        goal: r.goal,
        goalText: `p95 < ${part.goalMs} ms`,
        held: r.p95 < part.goalMs,
      });
    }
  }
  return rows;
}

/** P8: /api/health answered while searches run on the embedded tier. */
export function eventLoopRows(part: EventLoopPart): BenchRow[] {
  return part.rounds.map(({ round, idle, searching }) => ({
    scenario: `GET /api/health while ${part.searchers} clients search`,
    engine: part.db,
    round,
    p50: searching.health.p50,
    p99: searching.health.p99,
    measured:
      `max ${n1(searching.health.max)} ms; event-loop delay p99 ${n1(searching.loop.p99)}, max ${n1(searching.loop.max)} ms; ` +
      `${searching.searches.count} searches, p95 ${n1(searching.searches.p95)} ms`,
    errors: 0,
    baseline: `idle: p99 ${n1(idle.health.p99)}, max ${n1(idle.health.max)} ms`,
    goal: 'P8',
    goalText: `no answer > ${part.goalMs} ms`,
    held: searching.held,
  }));
}

/** The viewers P7 names. */
export const P7_VIEWERS = 10_000;

/**
 * P7's memory clause, one rule for sse.ts's own table and this one: judged at P7_VIEWERS and
 * above, null (reported, not judged) below. Above zero, because a fall in RSS measured nothing.
 */
export const p7MemoryHeld = (viewers: number, perViewerKb: number, goalKb: number): boolean | null =>
  viewers >= P7_VIEWERS ? perViewerKb > 0 && perViewerKb <= goalKb : null;

/**
 * P7: per round and viewer count, memory, the fan-out's slices, and delivery. Memory is judged
 * where the goal names it: below P7_VIEWERS the RSS delta is mostly the process's own growth
 * spread over fewer viewers (at 2,000 it has swung tens of KB either way between rounds), so
 * that row is reported without a goal. Slices and delivery are judged at every size.
 */
export function sseRows(part: SsePart): BenchRow[] {
  const g = part.goals;
  return part.results.flatMap((r) => {
    const base = { engine: part.db, round: r.round, goal: 'P7' as const };
    const who = `SSE, ${thousands(r.viewers)} viewers`;
    const sliceMax = r.sliceMaxAtMostMs === null ? `> 250 ms` : `≤ ${r.sliceMaxAtMostMs} ms`;
    // Why a slice ran long: the loop standing ready while the OS ran something else shows here.
    const waits =
      r.waitMsPerComment === undefined
        ? ''
        : `; the loop waited for a core ${n1(r.waitMsPerComment)} ms a comment (median)` +
          (r.waitMsOver?.length ? `, ${r.waitMsOver.map(n1).join(' and ')} ms in those with a longer slice` : '') +
          (r.cores ? ` (${r.cores})` : '');
    const memory = {
      engine: part.db,
      round: r.round,
      scenario: `${who}: RSS per viewer`,
      measured: `${n1(r.perViewerKb)} KB (heap + external ${n1(r.heapPerViewerKb)} KB)`,
    };
    const memoryHeld = p7MemoryHeld(r.viewers, r.perViewerKb, g.kbPerViewer);
    return [
      memoryHeld === null
        ? { ...memory, goalText: `reported; P7 judges memory at ${thousands(P7_VIEWERS)}` }
        : { ...memory, goal: 'P7' as const, goalText: `≤ ${g.kbPerViewer} KB`, held: memoryHeld },
      {
        ...base,
        scenario: `${who}: fan-out slices`,
        measured: `${r.slicesWithinGoal}/${r.slices} ≤ ${g.sliceMs} ms; longest ${sliceMax}; mean ${r.fanMeanMs === null ? '?' : r.fanMeanMs.toFixed(2)} ms${waits}`,
        goalText: `each ≤ ${g.sliceMs} ms`,
        held: r.slices > 0 && r.slicesWithinGoal === r.slices,
      },
      {
        ...base,
        scenario: `${who}: delivery of ${part.events} comments`,
        p50: r.p50,
        p99: r.p99,
        measured: `${r.opened}/${r.viewers} connected in ${n1(r.openSeconds)} s; ${r.lost} lost`,
        errors: r.failed,
        goalText: `p99 < ${g.deliveryP99Ms} ms, all connected, 0 lost`,
        held: r.p99 < g.deliveryP99Ms && r.failed === 0 && r.opened === r.viewers && r.lost === 0,
      },
    ];
  });
}

export type GoalStatus = { goal: GoalId; status: 'held' | 'not held' | 'not measured'; detail: string };

/**
 * A goal holds when every row that carries it held (both rounds, both engines). A goal no row
 * carries is "not measured", with `why` (a skipped part, a baseline this engine has not).
 */
export function goalStatus(rows: BenchRow[], why: Partial<Record<GoalId, string>>): GoalStatus[] {
  return GOALS.map((goal) => {
    const carrying = rows.filter((r) => r.goal === goal);
    if (carrying.length === 0) return { goal, status: 'not measured', detail: why[goal] ?? 'no row measured it' };
    const missed = carrying.filter((r) => !r.held);
    if (missed.length === 0) return { goal, status: 'held', detail: why[goal] ?? '' };
    const where = missed.map((r) => `${r.engine}${r.round ? ` round ${r.round}` : ''}: ${r.scenario}`);
    const shown = where.length > 6 ? [...where.slice(0, 6), `${where.length - 6} more`] : where;
    return { goal, status: 'not held', detail: [shown.join('; '), why[goal]].filter(Boolean).join('. ') };
  });
}

const cell = (value: string | number | undefined): string =>
  value === undefined ? '' : String(value).replace(/\|/g, '\\|');
/** autocannon reports whole milliseconds: those stay whole; measured times keep 3 figures. */
const ms = (n: number | undefined): string | undefined =>
  n === undefined ? undefined : Number.isInteger(n) || n >= 100 ? n.toFixed(0) : n.toFixed(n >= 10 ? 1 : 2);

/** The table: scenario, engine, round, req/s, p50, p95, p99, measured, errors, baseline, ratio, goal, held. */
export function renderTable(rows: BenchRow[]): string[] {
  return [
    '| scenario | engine | round | req/s | p50 ms | p95 ms | p99 ms | measured | errors | baseline | ratio | goal | held |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- | ---: | --- | --- |',
    ...rows
      .map((r) =>
        [
          r.scenario,
          r.engine,
          r.round || 'all',
          r.rps === undefined ? undefined : thousands(r.rps),
          ms(r.p50),
          ms(r.p95),
          ms(r.p99),
          r.measured,
          r.errors,
          r.baseline,
          r.ratio === undefined ? undefined : r.ratio.toFixed(3),
          r.goal ? `${r.goal}: ${r.goalText ?? ''}` : undefined,
          r.held === undefined ? undefined : r.held ? 'yes' : 'no',
        ]
          .map(cell)
          .join(' | '),
      )
      .map((line) => `| ${line} |`),
  ];
}
