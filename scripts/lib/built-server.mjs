// Starts the production build (apps/api/dist/server.js, which also serves apps/web/dist) on a
// free port with a throwaway DATA_DIR, for the measuring scripts (lighthouse).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, serverArgs } from './run.mjs';

/** First start migrates and seeds an empty PGlite, which takes a while on a busy machine. */
const READY_TIMEOUT_MS = 120_000;

/** Settings that would move the server off the embedded tier. */
const TIER_VARIABLES = ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'S3_BUCKET', 'S3_ENDPOINT'];

/** @returns {Promise<number>} a port nobody listens on right now */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('Could not find a free port'))));
    });
  });
}

/**
 * @param {{ env?: Record<string, string>, entry?: string }} [options] `env` is applied last: a
 * measurement on another tier (DATABASE_URL, say) names it here; `entry`: another build's server.js
 * (an A/B of two builds), apps/api/dist's by default
 * @returns {Promise<{ origin: string, pid: number | undefined, stop: () => Promise<void> }>} the
 * running server (`pid`: its process, for the benches that read its CPU from /proc); `stop` ends it
 * and removes its DATA_DIR
 */
export async function startBuiltServer(options = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kettle-measure-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_ORIGIN: origin };
  for (const name of TIER_VARIABLES) delete env[name];
  // The embedded default, as `npm start` runs it: demo accounts (and demo content) are seeded.
  delete env.NODE_ENV;
  Object.assign(env, options.env);
  let output = '';
  const child = spawn(process.execPath, serverArgs(options.entry), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${origin}/api/ready`, { signal: globalThis.AbortSignal.timeout(5_000) });
      if (response.ok) return { origin, pid: child.pid, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The built server did not become ready at ${origin}.\n--- its output (tail) ---\n${output}`);
}
