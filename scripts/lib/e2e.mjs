// Runs the Playwright suite in e2e/ against Debian's Chromium and reads its JSON results.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { binOf, envWith, ROOT, run } from './run.mjs';

export const E2E_CONFIG = path.join(ROOT, 'e2e', 'playwright.config.ts');
/** Written by the json reporter configured in e2e/playwright.config.ts. */
export const E2E_RESULTS = path.join(ROOT, 'e2e', 'test-results', 'results.json');

/**
 * @typedef {{ passed: number, failed: number, skipped: number }} Counts
 */

/**
 * Runs `playwright test` with CHROMIUM_PATH set; extra arguments (a file, --grep …) pass through.
 * @param {string} chromiumPath
 * @param {readonly string[]} [extraArgs]
 * @returns {Promise<{ code: number, counts: Counts | undefined }>}
 */
export async function runE2e(chromiumPath, extraArgs = []) {
  rmSync(E2E_RESULTS, { force: true });
  const code = await run(
    process.execPath,
    [binOf('@playwright/test', 'playwright'), 'test', '--config', E2E_CONFIG, ...extraArgs],
    {
      // Playwright must never try to fetch a browser of its own.
      env: envWith({ CHROMIUM_PATH: chromiumPath, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }),
    },
  );
  return { code, counts: readPlaywrightCounts() };
}

/** @returns {Counts | undefined} the counts of the last run, when its JSON report exists */
export function readPlaywrightCounts() {
  if (!existsSync(E2E_RESULTS)) return undefined;
  try {
    /** @type {{ stats?: { expected?: number, unexpected?: number, flaky?: number, skipped?: number } }} */
    const report = JSON.parse(readFileSync(E2E_RESULTS, 'utf8'));
    const stats = report.stats ?? {};
    return {
      passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
      failed: stats.unexpected ?? 0,
      skipped: stats.skipped ?? 0,
    };
  } catch {
    return undefined;
  }
}
