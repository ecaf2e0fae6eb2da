import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../lib/images/storage.js';
import { secureDataDir } from '../lib/owner-only.js';
import { loadOrCreateSecret } from '../lib/secret.js';
import { restoreBackup, writeBackup } from './backup.js';
import { openPglite } from './client.js';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kettle-modes-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every path under `root` (itself included) that anyone but its owner could read or write, with its mode. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const path = pending.pop() as string;
    const stats = lstatSync(path);
    if (stats.mode & 0o077) found.push(`${(stats.mode & 0o777).toString(8)} ${path}`);
    if (stats.isDirectory()) pending.push(...readdirSync(path).map((name) => join(path, name)));
  }
  return found;
}

const IMAGE = 'b'.repeat(22);
/** PGlite starts from WebAssembly, which takes a while on a busy 2-core machine. */
const SLOW_MS = 120_000;

describe('what Kettle writes under DATA_DIR is the server account’s alone', () => {
  it(
    'the live PGlite store, also the files its thread makes while it serves, and a backup and a restore of it',
    async () => {
      const dataDir = join(scratch(), 'data');
      const database = await openPglite(dataDir);
      // New relations are new files, made by the store's own thread after it opened.
      await database.db.execute(sql`create table later (note text)`);
      await database.db.execute(sql`insert into later values ('written while serving')`);
      await database.db.execute(sql`checkpoint`);
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(join(dataDir, 'pglite'))).toBe(0o700);
      expect(modeOf(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(0o600);
      expect(openToOthers(dataDir)).toEqual([]);

      loadOrCreateSecret(dataDir);
      await createDiskStorage(join(dataDir, 'uploads')).put(IMAGE, Buffer.from('image bytes'));
      expect(modeOf(join(dataDir, 'jwt-secret'))).toBe(0o600);
      expect(modeOf(join(dataDir, 'uploads'))).toBe(0o700);
      expect(modeOf(join(dataDir, 'uploads', `${IMAGE}.webp`))).toBe(0o600);

      const backup = await writeBackup({ database, dataDir });
      await database.close();
      expect(modeOf(join(dataDir, 'backups'))).toBe(0o700);
      expect(modeOf(backup)).toBe(0o700);
      expect(modeOf(join(backup, 'pglite.tar.gz'))).toBe(0o600);
      expect(modeOf(join(backup, 'manifest.json'))).toBe(0o600);
      expect(openToOthers(dataDir)).toEqual([]);

      const target = join(scratch(), 'restored');
      await restoreBackup(backup, { dataDir: target });
      expect(modeOf(join(target, 'pglite'))).toBe(0o700);
      expect(modeOf(join(target, 'pglite', 'PG_VERSION'))).toBe(0o600);
      expect(openToOthers(target)).toEqual([]);
      // The restored store still opens and serves, and stays closed to others while it does.
      const restored = await openPglite(target);
      await restored.db.execute(sql`create table after_restore (note text)`);
      await restored.close();
      expect(openToOthers(target)).toEqual([]);
    },
    SLOW_MS,
  );

  it('a data directory left open to everyone is tightened at start, and only what was wider is counted', async () => {
    const dataDir = join(scratch(), 'data');
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    mkdirSync(join(dataDir, 'backups', 'kettle-old'), { recursive: true });
    writeFileSync(join(dataDir, 'jwt-secret'), 'secret');
    writeFileSync(join(dataDir, 'uploads', `${IMAGE}.webp`), 'image');
    writeFileSync(join(dataDir, 'backups', 'kettle-old', 'pglite.tar.gz'), 'tarball');
    writeFileSync(join(dataDir, 'backups', 'kettle-old', 'manifest.json'), '{}');
    for (const dir of [
      dataDir,
      join(dataDir, 'uploads'),
      join(dataDir, 'backups'),
      join(dataDir, 'backups', 'kettle-old'),
    ]) {
      chmodSync(dir, 0o777);
    }
    for (const file of ['jwt-secret', `uploads/${IMAGE}.webp`, 'backups/kettle-old/pglite.tar.gz']) {
      chmodSync(join(dataDir, file), 0o666);
    }
    chmodSync(join(dataDir, 'backups', 'kettle-old', 'manifest.json'), 0o600);

    expect(await secureDataDir(dataDir)).toBe(7);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'jwt-secret'))).toBe(0o600);
    // Nothing left to tighten on the next start.
    expect(await secureDataDir(dataDir)).toBe(0);
  });

  it('a data directory that is not there yet is made the server account’s alone', async () => {
    const dataDir = join(scratch(), 'fresh', 'data');
    expect(await secureDataDir(dataDir)).toBe(0);
    expect(modeOf(dataDir)).toBe(0o700);
  });
});
