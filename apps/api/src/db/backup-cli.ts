/**
 * `npm run db:backup [-- --out <folder>]`: a backup of DATA_DIR's database and uploads (backup.ts),
 * while the server runs or not. A running PGlite server is asked for it (SIGUSR2, as only it may
 * read its store); otherwise this command reads the store itself (PGlite) or runs pg_dump.
 */
import { cp, readdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config.js';
import { OWNER_ONLY_UMASK } from '../lib/owner-only.js';
import { useStartDataDir } from './cli-data-dir.js';
import { BACKUPS_DIR, runningServerPid, writeBackup } from './backup.js';
import { openDatabase } from './client.js';

/** How long a running server may take to write its backup before this command gives up. */
const SERVER_BACKUP_TIMEOUT_MS = 10 * 60_000;

const finished = async (dir: string) =>
  new Set((await readdir(dir).catch(() => [] as string[])).filter((name) => !name.endsWith('.partial')));

/** Signals the server and waits for the new, whole backup folder it writes. */
async function askServer(pid: number, dataDir: string): Promise<string> {
  const folder = join(dataDir, BACKUPS_DIR);
  const before = await finished(folder);
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + SERVER_BACKUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const fresh = [...(await finished(folder))].find((name) => !before.has(name));
    if (fresh) return join(folder, fresh);
    if (!runningServerPid(dataDir)) throw new Error(`the server (pid ${pid}) stopped before its backup was written`);
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`the server (pid ${pid}) wrote no backup in time: its log says why`);
}

async function main(): Promise<void> {
  useStartDataDir();
  // A backup is as private as the data directory it copies (lib/owner-only.ts).
  process.umask(OWNER_ONLY_UMASK);
  const config = loadConfig();
  const given = process.argv[process.argv.indexOf('--out') + 1];
  // npm runs this in apps/api; a folder the user typed is relative to where they typed it.
  const out = process.argv.includes('--out') && given ? resolve(process.env.INIT_CWD ?? '.', given) : null;
  const pid = config.databaseUrl ? null : runningServerPid(config.dataDir);
  let dir: string;
  if (pid) {
    console.log(`asking the running server (pid ${pid}) for a backup`);
    dir = await askServer(pid, config.dataDir);
  } else {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const options = { dataDir: config.dataDir, databaseUrl: config.databaseUrl, diskUploads: !config.s3 };
    dir = await writeBackup({ database, ...options }).finally(() => database.close());
  }
  if (out) {
    await rename(dir, out).catch(async () => {
      await cp(dir, out, { recursive: true, errorOnExist: true, force: false });
      await rm(dir, { recursive: true });
    });
    dir = out;
  }
  if (config.s3) console.log('Images live in S3 and are not in this backup: back the bucket up with S3 tools.');
  console.log(`backup written: ${dir}`);
}

main().catch((error: unknown) => {
  console.error('backup failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
