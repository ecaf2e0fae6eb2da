#!/usr/bin/env node
// CI's check that `npm run bench` still runs: every part at tiny sizes, into a temporary folder,
// then its table and data checked for shape (lib/bench-table-check.mjs), never for figures.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchTableProblems } from './lib/bench-table-check.mjs';
import { heading, npm, run } from './lib/run.mjs';

const TINY = [
  '--posts',
  '2000',
  '--rounds',
  '1',
  '--duration',
  '1',
  '--requests',
  '20',
  '--viewers',
  '200',
  '--checks',
  '50',
];

const out = mkdtempSync(path.join(tmpdir(), 'kettle-bench-smoke-'));
try {
  heading('npm run bench at tiny sizes (its table, not its figures)');
  const { command, prefix } = npm();
  const code = await run(command, [...prefix, 'run', 'bench', '--', ...TINY, '--label', 'smoke', '--out', out]);
  const written = readdirSync(out);
  const md = written.find((name) => name.endsWith('-smoke.md'));
  const json = written.find((name) => name.endsWith('-smoke.json'));
  const problems =
    md && json
      ? benchTableProblems(readFileSync(path.join(out, md), 'utf8'), readFileSync(path.join(out, json), 'utf8'))
      : ['no table was written'];
  if (code !== 0) problems.unshift(`npm run bench exited ${code}`);
  if (problems.length > 0) {
    process.stderr.write(`\nbench smoke: ${problems.join('; ')}\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write('\nbench smoke: every part ran and the table holds every goal\n');
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
