import { lstatSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreBackup, writeBackup } from './backup.js';
import { openPostgres } from './client.js';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kettle-pg-modes-'));
  dirs.push(dir);
  return dir;
};
const BASE_URL = process.env.TEST_DATABASE_URL ?? '';
const NAME = `kettle_test_${randomBytes(6).toString('hex')}`;
const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  await client.query(statement).finally(() => client.end());
};
afterAll(async () => {
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  await admin(`drop database if exists ${NAME} with (force)`);
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every path under `root` (itself included) that anyone but its owner could read or write. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const pending = [root];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    const stats = lstatSync(path);
    if (stats.mode & 0o077) found.push(`${(stats.mode & 0o777).toString(8)} ${path}`);
    if (stats.isDirectory()) pending.push(...readdirSync(path).map((name) => join(path, name)));
  }
  return found;
}

describe('a PostgreSQL backup', () => {
  it('writes database.dump and its folder for the server account alone, and a restore keeps DATA_DIR so', async () => {
    await admin(`create database ${NAME}`);
    const url = new URL(BASE_URL);
    url.pathname = `/${NAME}`;
    const databaseUrl = url.toString();
    const database = openPostgres(databaseUrl);
    const dataDir = join(scratch(), 'data');
    const backup = await writeBackup({ database, dataDir, databaseUrl }).finally(() => database.close());
    expect(modeOf(backup)).toBe(0o700);
    expect(modeOf(join(backup, 'database.dump'))).toBe(0o600);
    expect(openToOthers(dataDir)).toEqual([]);

    const target = join(scratch(), 'restored');
    await restoreBackup(backup, { dataDir: target, databaseUrl });
    expect(modeOf(target)).toBe(0o700);
    expect(openToOthers(target)).toEqual([]);
  });
});
