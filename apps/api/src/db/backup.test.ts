import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { PID_FILE, readManifest, restoreBackup, runningServerPid, writeBackup } from './backup.js';
import { openPglite } from './client.js';
import { rowsOf } from '../lib/sql-rows.js';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kettle-backup-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const IMAGE = 'a'.repeat(22);
/** Two PGlite stores start from WebAssembly, which takes a while on a busy 2-core machine. */
const SLOW_MS = 120_000;

describe('PGlite backups', () => {
  it(
    'copies the store and the uploads, and a restore puts both in a fresh data directory',
    async () => {
      const source = scratch();
      const database = await openPglite(source);
      await database.db.execute(sql`create table kept (note text)`);
      await database.db.execute(sql`insert into kept values ('before the backup')`);
      mkdirSync(join(source, 'uploads'));
      writeFileSync(join(source, 'uploads', `${IMAGE}.webp`), 'image bytes');
      writeFileSync(join(source, 'jwt-secret'), 'the data directory secret');
      const backup = await writeBackup({ database, dataDir: source });
      await database.close();

      expect(readdirSync(join(source, 'backups'))).toEqual([backup.split('/').at(-1)]);
      expect(await readManifest(backup)).toMatchObject({ engine: 'pglite', uploads: 1 });

      const target = scratch();
      writeFileSync(join(target, 'jwt-secret'), 'a secret the restore replaces');
      await restoreBackup(backup, { dataDir: target });
      const restored = await openPglite(target);
      const rows = rowsOf<{ note: string }>(await restored.db.execute(sql`select note from kept`));
      await restored.close();
      expect(rows).toEqual([{ note: 'before the backup' }]);
      expect(readFileSync(join(target, 'uploads', `${IMAGE}.webp`), 'utf8')).toBe('image bytes');
      expect(readFileSync(join(target, 'jwt-secret'), 'utf8')).toBe('the data directory secret');
      // What the restore replaced is kept aside, never deleted.
      const aside = readdirSync(target).find((name) => name.startsWith('replaced-'));
      expect(aside && readFileSync(join(target, aside, 'jwt-secret'), 'utf8')).toBe('a secret the restore replaces');
    },
    SLOW_MS,
  );

  it('refuses to restore under a running server, into the wrong engine, or from a folder that is no backup', async () => {
    const dataDir = scratch();
    const backup = scratch();
    writeFileSync(join(backup, 'manifest.json'), JSON.stringify({ format: 1, engine: 'pglite', uploads: 0 }));
    writeFileSync(join(dataDir, PID_FILE), `${process.pid}\n`);
    expect(runningServerPid(dataDir)).toBe(process.pid);
    await expect(restoreBackup(backup, { dataDir })).rejects.toThrow(/is running/);
    rmSync(join(dataDir, PID_FILE));
    await expect(restoreBackup(backup, { dataDir, databaseUrl: 'postgres://x@127.0.0.1/x' })).rejects.toThrow(
      /backup is of pglite/,
    );
    await expect(restoreBackup(scratch(), { dataDir })).rejects.toThrow(/not a Kettle backup/);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  });

  it('treats the pid file of a server that is gone as no server', () => {
    const dataDir = scratch();
    // Far above any pid the kernel hands out (pid_max is at most 2^22).
    writeFileSync(join(dataDir, PID_FILE), '99999999\n');
    expect(runningServerPid(dataDir)).toBeNull();
  });
});
