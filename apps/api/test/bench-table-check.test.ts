import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchTableProblems } from '../../../scripts/lib/bench-table-check.mjs';

// scripts/lib/bench-table-check.mjs: what CI's bench smoke run requires of the table it wrote.
const results = path.resolve(import.meta.dirname, '../../../bench/results');
const md = readFileSync(path.join(results, 'bench-2026-12-07-fresh-clone-0623552.md'), 'utf8');
const json = readFileSync(path.join(results, 'bench-2026-12-07-fresh-clone-0623552.json'), 'utf8');

describe("the bench table's shape", () => {
  it('finds nothing wrong with a whole run', () => {
    expect(benchTableProblems(md, json)).toEqual([]);
  });

  it('names a goal without a row or with an unknown status, and a failed part', () => {
    const missing = md.replace(/^\| P4 .*\n/m, '').replace(/^(\| P8 +\| )held( +\|)/m, '$1maybe$2');
    const failed = md.replace('[sse (pglite)](', '[sse (pglite)] (failed)(');
    expect(benchTableProblems(missing, json)).toEqual(['no row for P4 in the goal table', 'P8\'s status is "maybe"']);
    expect(benchTableProblems(failed, json)).toEqual(['a part failed (see "Parts" at the end of the table)']);
  });

  it('requires data with rows and every goal', () => {
    const data = JSON.parse(json) as { rows: unknown[]; goals: unknown[] };
    expect(benchTableProblems(md, JSON.stringify({ ...data, rows: [] }))).toEqual(['the .json holds no rows']);
    expect(benchTableProblems(md, JSON.stringify({ ...data, goals: data.goals.slice(1) }))).toEqual([
      'the .json does not hold every goal',
    ]);
    // A goal the run names beyond P1–P8 (G1 since the privacy guard) needs its row too.
    expect(benchTableProblems(md.replace(/^\| G1 .*\n/m, ''), json)).toEqual(['no row for G1 in the goal table']);
    expect(benchTableProblems(md, '{')).toEqual([
      'the .json is not JSON',
      'the .json holds no rows',
      'the .json does not hold every goal',
    ]);
  });
});
