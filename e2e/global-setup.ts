import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { ROOT, SERVER_ENTRY, serverArgs } from '../scripts/lib/run.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL_ENV } from './support/env';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SERVER_LOG = path.join(HERE, 'test-results', 'server.log');

/** First start migrates and seeds an empty PGlite, which takes a while on a busy machine. */
const READY_TIMEOUT_MS = 90_000;
const READY_POLL_MS = 250;
const STOP_TIMEOUT_MS = 10_000;
/** How much of the server's output an error message quotes. */
const OUTPUT_TAIL_CHARS = 8_000;

/** Settings that would move the server off the embedded tier (a real DB, SMTP, Stripe...). */
const TIER_VARIABLES = [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'TEST_DATABASE_URL',
  'TEST_REDIS_URL',
];

function freePort(): Promise<number> {
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

/** Keeps the last OUTPUT_TAIL_CHARS of what the server printed, for error messages. */
class OutputTail {
  private text = '';
  push(chunk: Buffer | string): void {
    this.text = (this.text + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  }
  toString(): string {
    return this.text.trim() || '(the server printed nothing)';
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Resolves when the child has exited, or false after `ms`. */
function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (exited(child)) return;
  child.kill('SIGTERM');
  if (await waitForExit(child, STOP_TIMEOUT_MS)) return;
  child.kill('SIGKILL');
  await waitForExit(child, STOP_TIMEOUT_MS);
}

/**
 * Polls GET /api/ready until it answers 200 {status:'ok'}; fails early when the server exits,
 * and after READY_TIMEOUT_MS.
 */
async function waitUntilReady(url: string, child: ChildProcess, output: OutputTail): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = 'no answer yet';
  const childExit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  while (Date.now() < deadline) {
    if (exited(child)) {
      throw new Error(
        `The server exited (code ${child.exitCode ?? child.signalCode}) before ${url} answered.\n` +
          `--- server output (tail; full log in ${SERVER_LOG}) ---\n${output}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      const body = await response.text();
      if (response.ok) {
        try {
          if ((JSON.parse(body) as { status?: unknown }).status === 'ok') return;
        } catch {
          // not JSON yet: keep waiting
        }
      }
      last = `HTTP ${response.status}: ${body.slice(0, 200)}`;
    } catch (error) {
      last = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    // Wait for the next poll, or less if the server exits meanwhile.
    await Promise.race([new Promise((resolve) => setTimeout(resolve, READY_POLL_MS)), childExit]);
  }
  throw new Error(
    `The server did not become ready within ${READY_TIMEOUT_MS / 1000} s (GET ${url}; last: ${last}).\n` +
      `--- server output (tail; full log in ${SERVER_LOG}) ---\n${output}`,
  );
}

/**
 * Starts the built server on a free port with a fresh DATA_DIR, waits until it is ready and
 * publishes its address in process.env. Returns the teardown, which stops it and removes the dir.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  if (!process.env.CHROMIUM_PATH) {
    throw new Error(
      "CHROMIUM_PATH is not set. Run the suite with `npm run test:e2e` (it finds or installs Debian's chromium), " +
        'or set CHROMIUM_PATH=$(node scripts/find-chromium.mjs).',
    );
  }
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} does not exist: run \`npm run build\` at the repository root first.`);
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'kettle-e2e-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of TIER_VARIABLES) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    APP_ORIGIN: origin,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    SEED_DEMO_USERS: 'false',
    SEED_DEMO_CONTENT: 'false',
    // Every journey signs up its own users from 127.0.0.1; the default 10 an hour would throttle the suite.
    SIGNUP_LIMIT_PER_HOUR: '1000',
    // Likewise every anonymous search comes from 127.0.0.1.
    SEARCH_LIMIT_PER_MINUTE: '10000',
  });

  mkdirSync(path.dirname(SERVER_LOG), { recursive: true });
  const log = createWriteStream(SERVER_LOG);
  const output = new OutputTail();
  const child = spawn(process.execPath, serverArgs(), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output.push(chunk);
      log.write(chunk);
    });
  }
  const spawnError = new Promise<never>((_resolve, reject) => child.once('error', reject));

  const teardown = async (): Promise<void> => {
    await stop(child);
    await new Promise<void>((resolve) => log.end(resolve));
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };

  try {
    await Promise.race([waitUntilReady(`${origin}/api/ready`, child, output), spawnError]);
  } catch (error) {
    await teardown();
    throw error;
  }

  process.env[BASE_URL_ENV] = origin;
  process.stdout.write(`Kettle e2e server ready at ${origin} (DATA_DIR ${dataDir}, log ${SERVER_LOG})\n`);
  return teardown;
}
