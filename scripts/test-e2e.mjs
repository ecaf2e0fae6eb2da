#!/usr/bin/env node
// `npm run test:e2e [-- playwright args]`: the browser journeys alone. Builds first when the
// built server or SPA is missing (run `npm run build` yourself after changing the app).
import { existsSync } from 'node:fs';
import { findChromium } from './find-chromium.mjs';
import { runE2e } from './lib/e2e.mjs';
import { heading, runBuild, SERVER_ENTRY, WEB_INDEX } from './lib/run.mjs';

if (!existsSync(SERVER_ENTRY) || !existsSync(WEB_INDEX)) {
  heading('Build (apps/api/dist/server.js or apps/web/dist/index.html is missing)');
  const code = await runBuild();
  if (code !== 0) process.exit(code);
}

heading('Find Chromium');
/** @type {string} */
let chromium;
try {
  chromium = findChromium();
  process.stdout.write(`Using ${chromium}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

heading('Browser journeys (Playwright, e2e/)');
const { code, counts } = await runE2e(chromium, process.argv.slice(2));
if (counts) process.stdout.write(`${counts.passed} passed, ${counts.failed} failed\n`);
process.exit(code);
