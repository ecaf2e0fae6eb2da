// The slowest test files of a run, read from the reports `npm test` already writes (vitest's JSON
// reporter, Playwright's JSON reporter): printed at the end of every run, so the next file worth
// making faster is named where everyone looks.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** @typedef {{ file: string, seconds: number, tests: number, suite: string }} Timing */

/** @param {string} file */
function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Each test file of a vitest JSON report, with the time from its start to its end.
 * @param {string} report the report's path
 * @param {string} root paths are given relative to it
 * @returns {Timing[]}
 */
export function vitestFiles(report, root) {
  /** @type {{ testResults?: { name: string, startTime?: number, endTime?: number, assertionResults?: unknown[] }[] } | undefined} */
  const json = readJson(report);
  return (json?.testResults ?? []).map((result) => ({
    file: path.relative(root, result.name),
    seconds: Math.max(0, (result.endTime ?? 0) - (result.startTime ?? 0)) / 1000,
    tests: result.assertionResults?.length ?? 0,
    suite: 'vitest',
  }));
}

/**
 * @typedef {{ file?: string, specs?: { tests: { results: { duration: number }[] }[] }[], suites?: PlaywrightSuite[] }} PlaywrightSuite
 */

/**
 * Each spec file of a Playwright JSON report, with the time its tests took (every attempt).
 * @param {string} report the report's path
 * @param {string} root paths are given relative to it
 * @returns {Timing[]}
 */
export function playwrightFiles(report, root) {
  /** @type {{ config?: { rootDir?: string }, suites?: PlaywrightSuite[] } | undefined} */
  const json = readJson(report);
  // The report names spec files relative to the folder the tests are in.
  const dir = json?.config?.rootDir ?? root;
  /** @type {Map<string, Timing>} */
  const byFile = new Map();
  /** @param {PlaywrightSuite} suite @param {string | undefined} file */
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      if (!here) continue;
      const name = path.relative(root, path.join(dir, here));
      const timing = byFile.get(name) ?? { file: name, seconds: 0, tests: 0, suite: 'playwright' };
      for (const test of spec.tests) {
        timing.tests += 1;
        for (const result of test.results) timing.seconds += result.duration / 1000;
      }
      byFile.set(name, timing);
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of json?.suites ?? []) walk(suite, undefined);
  return [...byFile.values()];
}

/**
 * The `count` slowest of `timings`, as lines to print.
 * @param {Timing[]} timings
 * @param {number} [count]
 * @returns {string[]}
 */
export function slowestLines(timings, count = 10) {
  return [...timings]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count)
    .map(({ file, seconds, tests }) => `${seconds.toFixed(1).padStart(7)} s  ${file} (${tests} tests)`);
}
