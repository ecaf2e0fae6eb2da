// The privacy guard's rows in the bench table (goal G1): guard.ts writes the figures.
import { thousands, type BenchRow, type Engine } from './bench-table.js';

/** The guard part's figures (guard.ts). */
export type GuardPart = {
  chars: number;
  goalMs: number;
  rounds: Array<{ round: number; checks: number; p50: number; p95: number; p99: number; held: boolean }>;
  quality: {
    kinds: Array<{ kind: string; found: number; total: number; recall: number }>;
    falsePositives: { flagged: number; total: number; rate: number };
    held: boolean;
  };
  goals: { recall: Record<string, number>; falsePositiveRate: number };
};

/** G1: the privacy guard's check in process per round, and its corpus figures (engine-independent). */
export function guardRows(part: GuardPart, engine: Engine): BenchRow[] {
  const rows: BenchRow[] = part.rounds.map((r) => ({
    scenario: `privacy guard, ${thousands(part.chars)}-character text (in process)`,
    engine,
    round: r.round,
    p50: r.p50,
    p95: r.p95,
    p99: r.p99,
    measured: `${thousands(r.checks)} checks`,
    errors: 0,
    goal: 'G1',
    goalText: `p95 ≤ ${part.goalMs} ms`,
    held: r.held,
  }));
  const { kinds, falsePositives: fp } = part.quality;
  const recall = kinds
    .filter((k) => part.goals.recall[k.kind] !== undefined)
    .map((k) => `${k.kind} ${k.found}/${k.total}`)
    .join(', ');
  rows.push({
    scenario: 'privacy guard corpus: recall, and false positives on ordinary teas',
    engine,
    round: 0,
    measured: `${recall}; false positives ${fp.flagged}/${fp.total}`,
    goal: 'G1',
    goalText: `recall ≥ ${Object.entries(part.goals.recall)
      .map(([kind, goal]) => `${goal} ${kind}`)
      .join(', ')}; false positives ≤ ${part.goals.falsePositiveRate * 100}%`,
    held: part.quality.held,
  });
  return rows;
}
