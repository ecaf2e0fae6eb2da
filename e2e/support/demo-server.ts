import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, serverArgs } from '../../scripts/lib/run.mjs';

/** Migrations, the demo accounts' hashes and the whole demo community, on a busy machine. */
const READY_TIMEOUT_MS = 150_000;

export type DemoServer = { origin: string; stop: () => Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * The built server as a new user starts it: the embedded default in an empty data dir, demo
 * accounts and demo community on (the suite's shared server has both off, so its specs start
 * from an empty site). Only the e2e-only settings differ: a free port and a test environment.
 */
export async function startDemoServer(): Promise<DemoServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kettle-e2e-demo-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_ORIGIN: origin,
    LOG_LEVEL: 'warn',
  });
  let output = '';
  const child = spawn(process.execPath, serverArgs(), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (c: Buffer) => (output = (output + c).slice(-4000)));
  const stop = async () => {
    if (!exited(child)) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline && !exited(child)) {
    const ok = await fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { origin, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The demo server at ${origin} never became ready.\n--- its output (tail) ---\n${output}`);
}
