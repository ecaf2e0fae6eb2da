// What the server under load says about a scenario, from its own GET /metrics (issue 13: the bench
// reads the metrics to explain its figures). Read before and after each scenario over loopback,
// where /metrics answers without a token. A bare baseline has no /metrics: its CPU is read from
// /proc (processCpuSeconds), so that a route and its floor can be set side by side per answer.
import { readFileSync } from 'node:fs';

/** Linux's clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on every architecture Node runs on here). */
const TICKS_A_SECOND = 100;

/** The counters a scenario's figures are read from. */
export type MetricsSample = {
  answers: number;
  statements: number;
  kept: number;
  hot: number;
  loopP99Ms: number;
  cpuSeconds: number;
};
export type ServerShare = {
  statementsPerAnswer: number;
  keptShare: number;
  loopP99Ms: number;
  cpuUsPerAnswer: number;
};
/** A bare baseline's share: only its CPU, read from /proc. */
export type BaselineShare = { cpuUsPerAnswer: number };

/**
 * The sum of a metric's samples whose labels include `labels` (text as written, e.g.
 * 'result="hit"'); 0 when the metric is absent.
 */
export function sampleSum(text: string, name: string, labels = ''): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || (line[name.length] !== ' ' && line[name.length] !== '{')) continue;
    if (labels && !line.includes(labels)) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1)) || 0;
  }
  return sum;
}

/** `origin`: the built server, e.g. http://127.0.0.1:4123. */
export async function readServerMetrics(origin: string): Promise<MetricsSample> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const hot = sampleSum(text, 'kettle_hot_pages_served_total');
  return {
    // Kept pages the HTTP server answers itself (hot pages) are in this count too (metrics.ts).
    answers: sampleSum(text, 'kettle_http_requests_total'),
    statements: sampleSum(text, 'kettle_db_queries_total'),
    kept: sampleSum(text, 'kettle_page_cache_requests_total', 'result="hit"'),
    hot,
    // prom-client starts the event-loop delay histogram again after each read: this is since the last one.
    loopP99Ms: sampleSum(text, 'nodejs_eventloop_lag_p99_seconds') * 1000,
    // prom-client's process.cpuUsage(): user and system time of every thread of the server.
    cpuSeconds: sampleSum(text, 'process_cpu_seconds_total'),
  };
}

/**
 * A process's main thread (its event loop) so far, in ms: the time it ran and the time it waited
 * for a core while ready to run (/proc/<pid>/task/<pid>/schedstat, ns); NaN each where the kernel
 * does not say (not Linux, or the process is gone).
 */
export function mainThreadTimes(pid: number | undefined): { runMs: number; waitMs: number } {
  if (pid === undefined) return { runMs: NaN, waitMs: NaN };
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return { runMs: Number(run) / 1e6, waitMs: Number(wait) / 1e6 };
  } catch {
    return { runMs: NaN, waitMs: NaN };
  }
}

/**
 * User and system CPU seconds a process has used so far, or null where /proc cannot say (not
 * Linux, or the process is gone).
 */
export function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command's last closing parenthesis (the name may hold one); utime and
    // stime are the 12th and 13th of them.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / TICKS_A_SECOND : null;
  } catch {
    return null;
  }
}

/** A baseline's CPU per answer over one load: `measure` runs it and says how many answers it had. */
export async function withProcessCpu<T extends { requests: number }>(
  pid: number | undefined,
  measure: () => Promise<T>,
): Promise<T & { server?: BaselineShare }> {
  const before = processCpuSeconds(pid);
  const figures = await measure();
  const after = processCpuSeconds(pid);
  if (before === null || after === null || figures.requests === 0) return figures;
  return { ...figures, server: { cpuUsPerAnswer: ((after - before) * 1e6) / figures.requests } };
}

/** What the server did between two reads of readServerMetrics, per answer. */
export function serverShare(before: MetricsSample, after: MetricsSample): ServerShare {
  // The read of /metrics itself is one answer of the span.
  const answers = Math.max(1, after.answers - before.answers - 1);
  const fromCache = after.hot - before.hot + (after.kept - before.kept);
  return {
    statementsPerAnswer: (after.statements - before.statements) / answers,
    keptShare: Math.min(1, fromCache / answers),
    loopP99Ms: after.loopP99Ms,
    cpuUsPerAnswer: ((after.cpuSeconds - before.cpuSeconds) * 1e6) / answers,
  };
}

/**
 * One cell: statements sent per answer, the share of answers from kept pages, the event loop's
 * p99, the server's CPU per answer; a baseline's cell has only its CPU.
 */
export function serverText(share: ServerShare | BaselineShare | undefined): string {
  if (!share) return '';
  const cpu = `${Math.round(share.cpuUsPerAnswer)} µs CPU an answer`;
  if (!('statementsPerAnswer' in share)) return cpu;
  const kept = share.keptShare > 0 ? `; ${Math.round(share.keptShare * 100)}% kept pages` : '';
  return `${share.statementsPerAnswer.toFixed(2)} SQL an answer${kept}; loop p99 ${share.loopP99Ms.toFixed(1)} ms; ${cpu}`;
}
