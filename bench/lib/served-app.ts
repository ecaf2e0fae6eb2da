/**
 * What the HTTP benches share: Kettle built over a fresh dataset and listening on a loopback port,
 * closed and dropped afterwards whatever happens, and a results file per run.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { type Engine, openTarget, type Target } from './dataset/index.js';

export type Served = { app: FastifyInstance; target: Target; base: URL };
type Config = ReturnType<typeof benchConfig>;

/** The app's configuration for a bench run over `target`: quiet, no demo, searches not limited. */
function benchConfig(target: Target, dataDir: string) {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      APP_ORIGIN: 'http://kettle.bench',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO_USERS: 'false',
      // Thousands of anonymous searches from one address: lift the per-address search limit.
      SEARCH_LIMIT_PER_MINUTE: '1000000',
      ...(target.url ? { DATABASE_URL: target.url } : {}),
    }),
    keyPrefix: `kettle-bench-${randomBytes(6).toString('hex')}`,
  };
}

/** A command-line option that must be a positive integer. */
export function positiveInt(name: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got ${raw}`);
  return n;
}

/** `--db`: the engine a bench runs on. */
export function engineOption(raw: string | undefined): Engine {
  if (raw !== 'pglite' && raw !== 'postgres') throw new Error('--db must be pglite or postgres');
  return raw;
}

/**
 * Runs `work` against the app on `engine`, listening on loopback; `adjust` may change its config.
 * If the run is abandoned (Ctrl-C or SIGTERM, or `abandoned` firing when the process that wanted
 * the figures is gone), the app is closed and the dataset dropped at once and the process exits,
 * rather than leaving a database behind. Work done through `app.inject` may ignore the port.
 */
export async function withServedApp(
  engine: Engine,
  work: (served: Served) => Promise<void>,
  adjust: (config: Config) => Config = (config) => config,
  abandoned?: AbortSignal,
): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kettle-bench-'));
  let target: Target | undefined;
  let app: FastifyInstance | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      if (app) await app.close().catch((err: unknown) => console.error('app close failed', err));
      if (target) {
        await target.database.close().catch(() => undefined);
        await target.drop().catch((err: unknown) => console.error('drop failed', err));
      }
      rmSync(dataDir, { recursive: true, force: true });
    })());
  const onSignal = () => void cleanUp().finally(() => process.exit(130));
  const onAbandoned = () => void cleanUp().finally(() => process.exit(1));
  const signals = ['SIGINT', 'SIGTERM'] as const;
  for (const signal of signals) process.once(signal, onSignal);
  abandoned?.addEventListener('abort', onAbandoned, { once: true });
  try {
    target = await openTarget(engine);
    app = await buildApp({
      config: adjust(benchConfig(target, dataDir)),
      database: target.database,
      serveWeb: false,
      seedReferenceData: true,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    await work({ app, target, base: new URL(`http://127.0.0.1:${port}`) });
  } finally {
    for (const signal of signals) process.off(signal, onSignal);
    abandoned?.removeEventListener('abort', onAbandoned);
    await cleanUp();
  }
}

/**
 * Prints the table and writes it to bench/results/<name>-<date>[-label].md; or, with `--json FILE`
 * (how `npm run bench` runs each part), the figures as JSON to FILE and the table beside it as
 * FILE.md, so the orchestrator reads numbers rather than parsing Markdown.
 */
export function writeResults(
  name: string,
  label: string | undefined,
  lines: string[],
  json?: { file: string | undefined; data: unknown },
): void {
  const text = `${lines.join('\n')}\n`;
  console.log(`\n${text}`);
  if (json?.file) {
    const file = resolve(json.file);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(json.data, null, 2)}\n`);
    writeFileSync(file.replace(/\.json$/, '') + '.md', text);
    console.log(`written to ${file} and .md`);
    return;
  }
  const dir = join(import.meta.dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}-${new Date().toISOString().slice(0, 10)}${label ? `-${label}` : ''}.md`);
  writeFileSync(file, text);
  console.log(`written to ${file}`);
}

/** A bench's entry: exit 0 when it ran, 1 with the error when its setup or a request failed. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
