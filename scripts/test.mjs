#!/usr/bin/env node
// `npm test`: every suite, in order, stopping at the first failure with its exit code.
//   1. vitest: shared and web
//   2. vitest: api (embedded PGlite, or TEST_DATABASE_URL / TEST_REDIS_URL when set)
//   3. npm run build
//   4. find Debian's Chromium (installing it when root on a machine with apt-get)
//   5. the Playwright browser journeys in e2e/
// Then each step's time and the ten slowest test files (scripts/lib/slowest.mjs). The last line
// printed is always `N passed, N failed` so CI can read it.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { findChromium } from './find-chromium.mjs';
import { E2E_RESULTS, runE2e } from './lib/e2e.mjs';
import { binOf, heading, ROOT, run, runBuild } from './lib/run.mjs';
import { playwrightFiles, slowestLines, vitestFiles } from './lib/slowest.mjs';

const UNIT_RESULTS = path.join(ROOT, 'test-results', 'vitest-unit.json');
const API_RESULTS = path.join(ROOT, 'test-results', 'vitest-api.json');
const STEPS = 5;

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each step's wall time, in the order they ran. */
const stepTimes = /** @type {{ step: string, seconds: number }[]} */ ([]);
let stepStarted = performance.now();
// The reports of an earlier run would be read as this one's by the timing list.
for (const report of [UNIT_RESULTS, API_RESULTS, E2E_RESULTS]) rmSync(report, { force: true });
/** Failures that happened outside any counted test (a build, a crashed runner, a global setup). */
const stepFailures = /** @type {string[]} */ ([]);

/**
 * Adds a suite's counts; a step that failed without any failing test counts as one failure, so
 * the summary line never reads "0 failed" for a run that failed.
 * @param {string} step
 * @param {number} code
 * @param {{ passed: number, failed: number, skipped: number } | undefined} counts
 */
function record(step, code, counts) {
  const now = performance.now();
  stepTimes.push({ step, seconds: (now - stepStarted) / 1000 });
  stepStarted = now;
  if (counts) {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  }
  if (code !== 0 && !(counts && counts.failed > 0)) {
    totals.failed += 1;
    stepFailures.push(`${step} failed (exit code ${code}) outside any single test`);
  }
}

/**
 * Prints the summary and ends the process with `code`.
 * @param {number} code
 * @returns {never}
 */
function finish(code) {
  heading('Time: each step, and the ten slowest test files');
  for (const { step, seconds } of stepTimes) process.stdout.write(`${seconds.toFixed(1).padStart(7)} s  ${step}\n`);
  const timings = [
    ...vitestFiles(UNIT_RESULTS, ROOT),
    ...vitestFiles(API_RESULTS, ROOT),
    ...playwrightFiles(E2E_RESULTS, ROOT),
  ];
  process.stdout.write(`${slowestLines(timings).join('\n')}\n`);
  heading(code === 0 ? 'Summary: all steps passed' : 'Summary: FAILED');
  for (const line of stepFailures) process.stdout.write(`${line}\n`);
  if (totals.skipped) process.stdout.write(`(${totals.skipped} skipped)\n`);
  process.stdout.write(`${totals.passed} passed, ${totals.failed} failed\n`);
  process.exit(code);
}

/**
 * @param {string} file a vitest JSON report
 * @returns {{ passed: number, failed: number, skipped: number } | undefined}
 */
function readVitestCounts(file) {
  if (!existsSync(file)) return undefined;
  try {
    /** @type {{ numPassedTests?: number, numFailedTests?: number, numPendingTests?: number, numTodoTests?: number }} */
    const report = JSON.parse(readFileSync(file, 'utf8'));
    return {
      passed: report.numPassedTests ?? 0,
      failed: report.numFailedTests ?? 0,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    };
  } catch {
    return undefined;
  }
}

/**
 * @param {string} url
 * @returns {string} the URL without its password
 */
function redact(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

// 1, 2. vitest ---------------------------------------------------------------------------------
// Two runs: the api project sets its own maxWorkers, and vitest refuses to mix projects with
// different maxWorkers in one run unless their sequence.groupOrder differs.
/**
 * @param {string} title
 * @param {string[]} projects
 * @param {string} resultsFile
 */
async function vitest(title, projects, resultsFile) {
  heading(title);
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  rmSync(resultsFile, { force: true });
  const code = await run(process.execPath, [
    binOf('vitest'),
    'run',
    ...projects.flatMap((name) => ['--project', name]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
  ]);
  record(`vitest (${projects.join(', ')})`, code, readVitestCounts(resultsFile));
  if (code !== 0) finish(code);
}

await vitest(`Step 1/${STEPS}: unit tests (vitest: shared, web)`, ['shared', 'web'], UNIT_RESULTS);
{
  const backends = [
    process.env.TEST_DATABASE_URL ? `PostgreSQL at ${redact(process.env.TEST_DATABASE_URL)}` : 'embedded PGlite',
    process.env.TEST_REDIS_URL ? `Redis at ${redact(process.env.TEST_REDIS_URL)}` : 'in-process bus',
  ];
  await vitest(
    `Step 2/${STEPS}: API tests (vitest: api on ${backends.join(' + ')})`,
    ['api', 'api-isolated'],
    API_RESULTS,
  );
}

// 3. build -------------------------------------------------------------------------------------
{
  heading(`Step 3/${STEPS}: build (npm run build)`);
  const code = await runBuild();
  record('build', code, undefined);
  if (code !== 0) finish(code);
}

// 4. Chromium ----------------------------------------------------------------------------------
/** @type {string} */
let chromium;
{
  heading(`Step 4/${STEPS}: find Chromium`);
  try {
    chromium = findChromium();
    process.stdout.write(`Using ${chromium}\n`);
    record('find Chromium', 0, undefined);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    record('find Chromium', 1, undefined);
    finish(1);
  }
}

// 5. browser journeys --------------------------------------------------------------------------
{
  heading(`Step 5/${STEPS}: browser journeys (Playwright, e2e/)`);
  const { code, counts } = await runE2e(chromium);
  record('e2e', code, counts);
  finish(code);
}
