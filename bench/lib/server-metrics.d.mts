// Types of server-metrics.mjs, for the TypeScript that reads its figures (bench-table.ts, and the
// projects importing that without allowJs).
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
export function sampleSum(text: string, name: string, labels?: string): number;
export function readServerMetrics(origin: string): Promise<MetricsSample>;
export function serverShare(before: MetricsSample, after: MetricsSample): ServerShare;
export function mainThreadTimes(pid: number): { runMs: number; waitMs: number };
export function processCpuSeconds(pid: number | undefined): number | null;
export function withProcessCpu<T extends { requests: number }>(
  pid: number | undefined,
  measure: () => Promise<T>,
): Promise<T & { server?: BaselineShare }>;
export function serverText(share: ServerShare | BaselineShare | undefined): string;
