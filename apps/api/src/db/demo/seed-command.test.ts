import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../client.js';
import { DEMO_IN_PRODUCTION, runSeed } from '../seed-command.js';
import { rowsOf } from '../../lib/sql-rows.js';

/**
 * `npm run db:seed` against a database of its own: a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set (the --demo case the issue names), else PGlite in a folder.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'kettle-seed-cli-'));
const dbName = `kettle_seed_${randomBytes(6).toString('hex')}`;
let env: NodeJS.ProcessEnv;

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}

beforeAll(async () => {
  env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') };
  if (baseUrl) {
    await admin(`create database ${dbName}`);
    const url = new URL(baseUrl);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  } else {
    // On PGlite the default would seed the demo; the first run stands in for a server that opted out.
    env.SEED_DEMO_CONTENT = 'false';
  }
});
afterAll(async () => {
  if (baseUrl) await admin(`drop database if exists ${dbName} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

async function counts(): Promise<{ posts: number; users: number }> {
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await database.db.execute(
      sql`select (select count(*)::int from posts) as posts, (select count(*)::int from users) as users`,
    );
    const [row] = rowsOf<{ posts: number; users: number }>(result);
    return { posts: Number(row?.posts), users: Number(row?.users) };
  } finally {
    await database.close();
  }
}

/** The README's command itself, from the repository root: npm must hand `--demo` to the script. */
async function npmSeed(args: string[]): Promise<string> {
  const root = fileURLToPath(new URL('../../../../../', import.meta.url));
  const { stdout } = await promisify(execFile)('npm', ['run', 'db:seed', '--', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  return stdout.trim();
}

/** Each run opens, migrates and seeds a database on disk: slow on a busy machine. */
const RUN_TIMEOUT_MS = 180_000;

describe('npm run db:seed', () => {
  it(
    'seeds no demo community without --demo',
    async () => {
      expect(await runSeed([], env)).toMatch(/demo community: not asked$/);
      expect((await counts()).posts).toBe(0);
    },
    RUN_TIMEOUT_MS,
  );

  it('refuses --demo in production', async () => {
    const production = { ...env, NODE_ENV: 'production', PAYMENTS_DEV_PROVIDER: 'true' };
    await expect(runSeed(['--demo'], production)).rejects.toThrow(DEMO_IN_PRODUCTION);
    expect((await counts()).posts).toBe(0);
  });

  it(
    'seeds the demo community with --demo, once',
    async () => {
      expect(await npmSeed(['--demo'])).toMatch(/demo community: seeded$/);
      const after = await counts();
      expect(after.posts).toBeGreaterThanOrEqual(27);
      expect(await runSeed(['--demo'], env)).toMatch(/demo community: already seeded$/);
      expect(await counts()).toEqual(after);
    },
    RUN_TIMEOUT_MS,
  );
});
