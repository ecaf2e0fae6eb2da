import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const API_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
/** What `npm run build -w @kettle/api` writes: the file production runs. */
export const SERVER_ENTRY = join(API_ROOT, 'dist', 'server.js');

/** Migrating an empty database and seeding it take a while on a busy 2-core machine. */
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;
/** Variables of the test process that must not leak into a server (it gets exactly the tier it is given). */
const INHERITED_OUT = /^(NODE_ENV|VITEST.*|TEST_.*|DATABASE_URL|REDIS_URL|SMTP_URL|S3_.*|STRIPE_.*|NODE_OPTIONS)$/;

export type ServerProcess = { origin: string; output: () => string; stop: () => Promise<void> };

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? done(port) : fail(new Error('no free port'))));
    });
  });
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stopChild(child: ChildProcess): Promise<void> {
  const gone = new Promise((done) => child.once('exit', done));
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    if (exited(child)) return;
    child.kill(signal);
    await Promise.race([gone, new Promise((done) => setTimeout(done, STOP_TIMEOUT_MS))]);
  }
}

/** Starts dist/server.js with `env` on a free loopback port and waits for /api/ready. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kettle-process-'));
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !INHERITED_OUT.test(name)));
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: API_ROOT,
    env: { ...inherited, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-6000)));
  }
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline && !exited(child)) {
    const ready = await fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
    if (ready?.ok) return { origin, output: () => tail, stop };
    await new Promise((done) => setTimeout(done, 250));
  }
  await stop();
  throw new Error(`${SERVER_ENTRY} did not become ready at ${origin}:\n${tail}`);
}

export type KillableServer = ServerProcess & {
  /** kill -9: no shutdown hook runs, whatever was in flight is cut off. */
  kill: () => Promise<void>;
  /** Answers once the process has exited (the exit code, or the signal that ended it). */
  exited: Promise<number | NodeJS.Signals | null>;
};

/**
 * Like startServerProcess, but on the store the caller owns (`env` names DATA_DIR or DATABASE_URL;
 * nothing is deleted on stop), so a test can kill the server and start another on the same data.
 * Throws with the server's output when it exits or is not ready within `readyTimeoutMs`.
 */
export async function startServerOnData(
  env: Record<string, string>,
  readyTimeoutMs: number = READY_TIMEOUT_MS,
): Promise<KillableServer> {
  const port = await freePort();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !INHERITED_OUT.test(name)));
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: API_ROOT,
    env: { ...inherited, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-6000)));
  }
  const exitedPromise = new Promise<number | NodeJS.Signals | null>((done) =>
    child.once('exit', (code, signal) => done(signal ?? code)),
  );
  const origin = `http://127.0.0.1:${port}`;
  const kill = async () => {
    if (!exited(child)) child.kill('SIGKILL');
    await exitedPromise;
  };
  const server = { origin, output: () => tail, stop: () => stopChild(child), kill, exited: exitedPromise };
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline && !exited(child)) {
    const ready = await fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
    if (ready?.ok) return server;
    await new Promise((done) => setTimeout(done, 100));
  }
  await kill();
  throw new Error(`${SERVER_ENTRY} did not become ready at ${origin} within ${readyTimeoutMs} ms:\n${tail}`);
}
