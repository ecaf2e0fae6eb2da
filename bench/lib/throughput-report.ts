// The report of `npm run bench:load`: the rows as a Markdown table, the coins' verdict, and the
// files: with `--json FILE` (how `npm run bench` runs it) the figures there and the table beside
// them; else bench/results/throughput-<date>[-label].{json,md,svg}.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import { ROOT } from '../../scripts/lib/run.mjs';
import type { CoinInvariants, Engine } from './dataset/index.js';
import { ratioChart } from './ratio-chart.js';
import { serverText } from './server-metrics.js';
import type { Contention } from './spend-load.js';
import type { Comparison } from './bench-table.js';
import type { ThroughputRow } from './throughput-rounds.js';

export type ThroughputRun = {
  db: Engine;
  label: string | undefined;
  json: string | undefined;
  posts: number;
  approvedSeen: number;
  connections: number;
  duration: number;
  readers: number;
  rows: ThroughputRow[];
  contention: Contention;
  invariants: CoinInvariants;
};

const f3 = (n: number) => n.toFixed(3);
const goalText = (c: Comparison) =>
  c.goal ? `${c.goal}: ≥ ${c.min}${c.maxP99Ratio ? `, p99 ≤ ${c.maxP99Ratio}×` : ''}` : '';
const pretty = async (file: string, text: string) =>
  prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });

/** The coins after the spends (P6): the invariants, and the contention check against them. */
function coinsOf({ contention, invariants }: ThroughputRun) {
  const contentionHeld =
    contention.succeeded === contention.affordable &&
    (contention.statuses[402] ?? 0) === contention.attempts - contention.affordable &&
    invariants.contended.ledgerSpends === contention.succeeded &&
    invariants.contended.unlocks === contention.succeeded &&
    invariants.contended.balance === 0;
  const held = invariants.negativeBalances === 0 && invariants.balanceNotLedgerSum === 0 && contentionHeld;
  return { ...invariants, contention: { ...contention, held: contentionHeld }, held };
}

/** Writes the run's files and prints its table. */
export async function writeThroughputReport(run: ThroughputRun): Promise<void> {
  const { rows, contention, invariants } = run;
  const coins = coinsOf(run);
  const date = new Date().toISOString();
  const lines = [
    `# Throughput ${date}${run.label ? ` (${run.label})` : ''}`,
    '',
    `autocannon -c ${run.connections} -d ${run.duration} on the same cores; the production build with its demo community and ${run.posts} more teas on ${run.db === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'} (the server lists ${run.approvedSeen} published), ${run.readers} readers spending. Ratio = req/s ÷ the named baseline's req/s in the same round: the mean of its runs right before and right after the scenario (a scenario without a baseline of its own: the latest such mean; a floor: its run before).`,
    '',
    '| round | scenario | req/s | p50 ms | p99 ms | errors | server (its /metrics; a spend baseline: its CPU from /proc) | baseline | ratio | p99 ratio | goal | held |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.flatMap((r) =>
      r.isBaseline
        ? [
            `| ${r.round} | ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${serverText(r.server)} | | | | | |`,
          ]
        : (r.comparisons ?? []).map(
            (c) =>
              `| ${r.round} | ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${serverText(r.server)} | ${c.baseline} | ${f3(c.ratio)} | ${f3(c.p99Ratio)} | ${goalText(c)} | ${c.goal ? (c.held ? 'yes' : 'no') : ''} |`,
          ),
    ),
    '',
    `Coins after the spends (P6): ${coins.negativeBalances} negative balances, ${coins.balanceNotLedgerSum} of ${coins.users} balances not equal to their ledger sum; ${contention.workers} unlocks at once by one reader with coins for ${contention.affordable} of ${contention.attempts}: ${contention.succeeded} succeeded (answers ${JSON.stringify(contention.statuses)}), ${invariants.contended.ledgerSpends} ledger rows, ${invariants.contended.unlocks} unlocks, balance ${invariants.contended.balance}. Held: ${coins.held ? 'yes' : 'no'}.`,
  ];
  const chartRows = rows.flatMap((r) =>
    r.isBaseline
      ? []
      : (r.comparisons ?? []).map((c) => ({
          name: `${r.name} ÷ ${c.baseline}`,
          ratio: c.ratio,
          goal: c.goal ? c.min : undefined,
        })),
  );
  const data = {
    date,
    db: run.db,
    posts: run.posts,
    approvedSeen: run.approvedSeen,
    connections: run.connections,
    duration: run.duration,
    readers: run.readers,
    rows,
    coins,
  };
  let written;
  if (run.json) {
    const jsonFile = path.resolve(run.json);
    const mdFile = jsonFile.replace(/\.json$/, '') + '.md';
    mkdirSync(path.dirname(jsonFile), { recursive: true });
    writeFileSync(jsonFile, await pretty(jsonFile, JSON.stringify(data)));
    writeFileSync(mdFile, await pretty(mdFile, `${lines.join('\n')}\n`));
    written = `${path.relative(ROOT, jsonFile)} and .md`;
  } else {
    const base = `throughput-${date.slice(0, 10)}${run.label ? `-${run.label}` : ''}`;
    lines.push('', `![ratio per scenario](${base}.svg)`);
    const outDir = path.join(ROOT, 'bench', 'results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(
      path.join(outDir, `${base}.svg`),
      ratioChart(chartRows, `Kettle ÷ baseline, ${run.db} (${date.slice(0, 10)})`),
    );
    const mdFile = path.join(outDir, `${base}.md`);
    const jsonFile = path.join(outDir, `${base}.json`);
    writeFileSync(mdFile, await pretty(mdFile, `${lines.join('\n')}\n`));
    writeFileSync(jsonFile, await pretty(jsonFile, JSON.stringify(data)));
    written = `bench/results/${base}.json, .md and .svg`;
  }
  process.stdout.write(`\n${lines.join('\n')}\n\nWritten to ${written}\n`);
}
