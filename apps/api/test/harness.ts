import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openPglite, openPostgres, type Database } from '../src/db/client.js';
import { describeViolations, installContractCheck } from './contract.js';
import { expectInvariants, type InvariantOptions } from './invariants.js';

export type TestApp = FastifyInstance & { teardown: () => Promise<void> };

/** A database of its own for each test file: in-memory PGlite, or a fresh PostgreSQL database in CI. */
async function openTestDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    // The run's migrated snapshot (migrated-store.global.ts); an empty store when run without it.
    const snapshot = inject('migratedStore');
    const database = await openPglite(undefined, snapshot ? { startFrom: readFileSync(snapshot) } : {});
    return { database, drop: async () => undefined };
  }
  const name = `kettle_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export type TestAppOptions = {
  env?: Record<string, string>;
  build?: Partial<BuildOptions>;
  /** Routes a test adds before the app is ready (e.g. one that fails in a chosen way). */
  routes?: (app: FastifyInstance) => Promise<void> | void;
  /** The database to serve from, opened in the app's data folder, instead of the suite's own. */
  database?: (dataDir: string) => Promise<Database>;
  /** What useTestApp checks after each test (files whose fixtures insert paid rows directly skip spends). */
  invariants?: InvariantOptions;
};

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kettle-test-'));
  const { database, url, drop } = options.database
    ? { database: await options.database(dataDir), url: undefined, drop: async () => undefined }
    : await openTestDatabase();
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      APP_ORIGIN: 'http://kettle.test',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO_USERS: 'false',
      SEED_DEMO_CONTENT: 'false',
      // Tests write rows straight into tables and read them back at once; the page cache's own
      // tests turn it on.
      PAGE_CACHE_MS: '0',
      ...(url ? { DATABASE_URL: url } : {}),
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
      ...options.env,
    }),
    // Test files share one Redis; each app gets its own key space.
    keyPrefix: `kettle-test-${randomBytes(6).toString('hex')}`,
  };
  // checkResponses: every answer of the suite is written by both serializers and compared.
  const app = await buildApp({ config, database, serveWeb: false, checkResponses: true, ...options.build });
  const contract = installContractCheck(app);
  await options.routes?.(app);
  await app.ready();
  return Object.assign(app, {
    teardown: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
      // CONTRACT_COVERAGE=<file> collects which operation answered which status across a whole run.
      const coverage = process.env.CONTRACT_COVERAGE;
      if (coverage) appendFileSync(coverage, [...contract.seen].map((line) => `${line}\n`).join(''));
      // After cleaning up, so a broken contract fails the file without leaking its database.
      if (contract.violations.length > 0) throw new Error(describeViolations(contract.violations));
    },
  });
}

/**
 * One app for a test file (or a describe block): created before its tests and handed to `ready`
 * for the suite's own setup, checked after every test (the coin invariants of invariants.ts), torn
 * down after the last. Register it where the suite would call beforeAll.
 */
export function useTestApp(ready: (app: TestApp) => unknown, options: TestAppOptions = {}): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(options);
    await ready(app);
  });
  afterEach(async () => {
    if (app) await expectInvariants(app, options.invariants);
  });
  afterAll(async () => {
    await app?.teardown();
  });
}
