// Types of server-metrics.mjs, for the TypeScript that reads its figures (bench-table.ts, and the
// projects importing that without allowJs).
export type MetricsSample = {
  answers: number;
  statements: number;
  kept: number;
  hot: number;
  loopP99Ms: number;
};
export type ServerShare = { statementsPerAnswer: number; keptShare: number; loopP99Ms: number };
export function sampleSum(text: string, name: string, labels?: string): number;
export function readServerMetrics(origin: string): Promise<MetricsSample>;
export function serverShare(before: MetricsSample, after: MetricsSample): ServerShare;
export function serverText(share: ServerShare | undefined): string;
