#!/usr/bin/env node
// `npm run test:resilience`: the long runs of the resilience suite (apps/api/resilience/), against
// the built server on loopback only. Builds the API first, and stops the
// run at 20 minutes so a hang fails instead of holding CI. Extra arguments go to vitest (a file
// filter, say); RESILIENCE_SCALE=0.1 shrinks the counts for a quick local look.
import { spawn } from 'node:child_process';
import { binOf, exitCodeOf, heading, npm, ROOT, run } from './lib/run.mjs';

const LIMIT_MS = 20 * 60_000;

// The runs start the production build, so it is built from this checkout, never trusted as found.
const { command, prefix } = npm();
const built = await run(command, [...prefix, 'run', 'build', '-w', '@kettle/api']);
if (built !== 0) process.exit(built);

heading('Resilience suite (vitest: resilience)');
const child = spawn(process.execPath, [binOf('vitest'), 'run', '--project', 'resilience', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
  detached: true,
});
const limit = setTimeout(() => {
  process.stderr.write(`\nresilience: still running after ${LIMIT_MS / 60_000} minutes; stopped.\n`);
  // The whole group: vitest's workers and the servers they started.
  process.kill(-child.pid, 'SIGKILL');
}, LIMIT_MS);
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => process.kill(-child.pid, signal));
}
child.once('exit', (code, signal) => {
  clearTimeout(limit);
  process.exit(exitCodeOf(code, signal));
});
