#!/usr/bin/env node
// `npm start`: builds when the build is missing or older than its sources, then runs the server
// (API + SPA) in the foreground. DATA_DIR defaults to ./data at the repository root.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { exitCodeOf, heading, ROOT, runBuild, SERVER_ENTRY, serverArgs, WEB_INDEX } from './lib/run.mjs';

/** The sources a build is made from; a change to any of them makes the build stale. */
const SOURCES = ['packages/shared/src', 'apps/api/src', 'apps/api/drizzle', 'apps/web/src', 'apps/web/index.html'].map(
  (p) => path.join(ROOT, p),
);

/** The walk gives up (and rebuilds, to be safe) after this many entries. */
const MAX_ENTRIES = 50_000;

/**
 * The newest modification time under `target` (a file or a folder), skipping node_modules.
 * @param {string} target
 * @param {{ seen: number }} budget
 * @returns {number} milliseconds since the epoch; 0 when nothing is there
 */
function newestMtime(target, budget) {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted file shows as a newer folder
  const pending = [target];
  while (pending.length > 0) {
    const dir = /** @type {string} */ (pending.pop());
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (++budget.seen > MAX_ENTRIES) return Number.POSITIVE_INFINITY;
      if (entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      try {
        const s = statSync(full);
        if (s.mtimeMs > newest) newest = s.mtimeMs;
        if (entry.isDirectory()) pending.push(full);
      } catch {
        // Vanished between readdir and stat: someone is editing; the next start sees it.
      }
    }
  }
  return newest;
}

/** @returns {string | undefined} why a build is needed, or undefined when the build is current */
function staleReason() {
  const outputs = [WEB_INDEX, SERVER_ENTRY];
  const missing = outputs.filter((file) => !existsSync(file));
  if (missing.length > 0) return `${missing.map((f) => path.relative(ROOT, f)).join(' and ')} missing`;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const budget = { seen: 0 };
  for (const source of SOURCES) {
    if (newestMtime(source, budget) > builtAt) return `${path.relative(ROOT, source)} changed since the last build`;
  }
  return undefined;
}

const reason = staleReason();
if (reason) {
  heading(`Building (${reason})`);
  const code = await runBuild();
  if (code !== 0) {
    process.stderr.write(`npm run build failed with exit code ${code}; not starting the server.\n`);
    process.exit(code);
  }
}

const env = { ...process.env };
env.DATA_DIR = path.resolve(ROOT, env.DATA_DIR || 'data');

const child = spawn(process.execPath, serverArgs(), { cwd: ROOT, env, stdio: 'inherit' });

/** @param {NodeJS.Signals} signal */
function forward(signal) {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}
process.on('SIGINT', () => forward('SIGINT'));
process.on('SIGTERM', () => forward('SIGTERM'));

child.once('error', (error) => {
  process.stderr.write(`Could not start the server: ${error.message}\n`);
  process.exit(1);
});
child.once('exit', (code, signal) => process.exit(exitCodeOf(code, signal)));
