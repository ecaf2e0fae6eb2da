import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test as base } from './fixtures';

/** Messages normal use may still log, each with why. Keep this list short and exact (empty today). */
const ALLOWED: readonly string[] = [];

/**
 * What counts as normal use here: a visitor, a member and an admin opening and reading pages
 * with a working API. Nothing is refused on purpose, so every failed request counts: Chromium logs
 * "Failed to load resource" for any 4xx/5xx answer, handled or not (a 404 the app turns into
 * "none yet" is still noise, as GET /company was). Journeys that fail a request on purpose (a
 * 401 before a refresh, a 402 for too few coins, an API made to fail) use the plain `test`.
 */
export type ConsoleProblem = { type: string; text: string; url: string };

async function watch(page: Page, problems: ConsoleProblem[]): Promise<void> {
  // A policy violation is not always logged (zod's caught eval probe was not), so each one is
  // logged here as an error for the guard below.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`);
    });
  });
  page.on('console', (message: ConsoleMessage) => {
    const type = message.type();
    if (type !== 'warning' && type !== 'error') return;
    const text = message.text();
    if (ALLOWED.some((allowed) => text.includes(allowed))) return;
    problems.push({ type, text, url: message.location().url || page.url() });
  });
  page.on('pageerror', (error) => problems.push({ type: 'pageerror', text: error.message, url: page.url() }));
}

/**
 * `test` that fails when its page logs a console warning or error, breaks the content security
 * policy, or throws, outside ALLOWED.
 */
export const test = base.extend<{ consoleProblems: ConsoleProblem[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: ConsoleProblem[] = [];
      await watch(page, problems);
      await use(problems);
      expect(problems, 'console warnings and errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
