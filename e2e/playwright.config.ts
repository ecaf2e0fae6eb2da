import { defineConfig } from '@playwright/test';
import { BASE_URL_ENV } from './support/env';

/**
 * Browser journeys against the built app (apps/api/dist/server.js), started by global-setup.ts
 * on a free port with a fresh data dir. The browser is Debian's chromium (CHROMIUM_PATH, found
 * by scripts/find-chromium.mjs); Playwright's own browser download is never used.
 * Run through `npm run test:e2e` (or `npm test`), which set CHROMIUM_PATH.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  // Two files at a time, each in its own browser, against the one server: every journey signs up
  // its own members and makes its own teas, so none waits on another's state.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    // Set by global setup before the workers start; workers re-read this file and see it.
    baseURL: process.env[BASE_URL_ENV],
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'off',
    video: 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
