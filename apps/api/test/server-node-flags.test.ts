import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

// scripts/lib/run.mjs serverArgs(): how `npm start`, the browser tests and the benches start the
// built server. The young generation's cap must reach Node as an option, not as the script's argv.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const RUN = pathToFileURL(path.join(ROOT, 'scripts', 'lib', 'run.mjs')).href;
const folder = mkdtempSync(path.join(tmpdir(), 'kettle-node-flags-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Stands in for dist/server.js: churns short-lived objects, then reports the young generation. */
const ENTRY = `
const v8 = require('node:v8');
let kept = [];
for (let i = 0; i < 3e6; i++) { kept.push({ i, text: 'x' + i }); if (kept.length > 2e5) kept = []; }
const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
console.log(JSON.stringify({ youngBytes: young.space_size, argv: process.argv.slice(2), execArgv: process.execArgv }));
`;

it('starts the server with the young generation capped at 16 MB a semi-space', async () => {
  const entry = path.join(folder, 'entry.cjs');
  writeFileSync(entry, ENTRY);
  const launcher = `
    import { execFileSync } from 'node:child_process';
    const { serverArgs } = await import(${JSON.stringify(RUN)});
    process.stdout.write(execFileSync(process.execPath, serverArgs(${JSON.stringify(entry)})));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', launcher]);
  const report = JSON.parse(stdout) as { youngBytes: number; argv: string[]; execArgv: string[] };
  expect(report.execArgv).toEqual(['--max-semi-space-size=16']);
  expect(report.argv).toEqual([]);
  // new space holds two semi-spaces: 2 × 16 MB at most, where Node 24 alone grows it to 128 MB.
  expect(report.youngBytes).toBeLessThanOrEqual(32 * 1024 * 1024);
  expect(report.youngBytes).toBeGreaterThan(0);
}, 60_000);
