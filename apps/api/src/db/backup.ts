/**
 * Backups of a Kettle data directory (README "Backups"): the database and the uploaded images of
 * one moment, in a folder of their own.
 *
 * - PGlite: its data directory as PGlite's own gzipped tarball (`pglite.tar.gz`), taken while every
 *   other statement waits, and the uploads hard-linked (stored images never change) in that same
 *   wait, so no row can name an image the copy lacks. PGlite is one process's: while a server runs,
 *   only that server may take the copy, which it does on SIGUSR2 (server.ts, backup-cli.ts).
 * - PostgreSQL: `pg_dump` (custom format, `database.dump`) and then the uploads.
 * The data directory's secret (`jwt-secret`, when there is one) rides along: keep backups private.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, copyFile, link, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DIR_MODE, FILE_MODE, tightenTree } from '../lib/owner-only.js';
import type { Database } from './client.js';

export const BACKUPS_DIR = 'backups';
/** Written by a running server (server.ts) so that the backup and restore commands can find it. */
export const PID_FILE = 'kettle.pid';
const SECRET_FILE = 'jwt-secret';

export type BackupManifest = {
  format: 1;
  engine: 'pglite' | 'postgres';
  created_at: string;
  /** Image files copied; null when images live in S3 (back up the bucket with S3's own tools). */
  uploads: number | null;
};

const run = promisify(execFile);

/** Hard links where the backup shares the disk (instant, no extra space), copies elsewhere. */
async function copyUploads(from: string, to: string): Promise<number> {
  await mkdir(to, { recursive: true, mode: DIR_MODE });
  const names = existsSync(from) ? await readdir(from) : [];
  for (const name of names) {
    await link(join(from, name), join(to, name)).catch(() => copyFile(join(from, name), join(to, name)));
  }
  return names.length;
}

/** The pid of the server running on `dataDir`, or null (no pid file, or its process is gone). */
export function runningServerPid(dataDir: string): number | null {
  const file = join(dataDir, PID_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null; // left behind by a server that was killed
  }
}

export type BackupOptions = {
  database: Database;
  dataDir: string;
  /** The server's DATABASE_URL: pg_dump reads from it. */
  databaseUrl?: string;
  /** False when images live in S3 rather than DATA_DIR/uploads. */
  diskUploads?: boolean;
};

/** Writes a backup into DATA_DIR/backups/kettle-<time>/ and answers that folder. */
export async function writeBackup({
  database,
  dataDir,
  databaseUrl,
  diskUploads = true,
}: BackupOptions): Promise<string> {
  const name = `kettle-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(2).toString('hex')}`;
  const partial = join(dataDir, BACKUPS_DIR, `${name}.partial`);
  // The account's alone, as the data directory is (lib/owner-only.ts): a backup holds all of it.
  await mkdir(partial, { recursive: true, mode: DIR_MODE });
  await chmod(join(dataDir, BACKUPS_DIR), DIR_MODE);
  const uploads = join(dataDir, 'uploads');
  let copied: number | null = null;
  if (database.snapshot) {
    copied = await database.snapshot(async (tarball) => {
      await writeFile(join(partial, 'pglite.tar.gz'), tarball, { mode: FILE_MODE });
      return diskUploads ? copyUploads(uploads, join(partial, 'uploads')) : null;
    });
  } else {
    if (!databaseUrl) throw new Error('a PostgreSQL backup needs DATABASE_URL');
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', join(partial, 'database.dump'), databaseUrl]);
    copied = diskUploads ? await copyUploads(uploads, join(partial, 'uploads')) : null;
  }
  if (existsSync(join(dataDir, SECRET_FILE))) await copyFile(join(dataDir, SECRET_FILE), join(partial, SECRET_FILE));
  const manifest: BackupManifest = {
    format: 1,
    engine: database.snapshot ? 'pglite' : 'postgres',
    created_at: new Date().toISOString(),
    uploads: copied,
  };
  // The manifest is written last and the folder renamed: a folder without `.partial` is whole.
  await writeFile(join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: FILE_MODE });
  // pg_dump's file and any copied image got the modes of the process or of their source.
  await tightenTree(partial);
  const done = join(dataDir, BACKUPS_DIR, name);
  await rename(partial, done);
  return done;
}

export async function readManifest(backup: string): Promise<BackupManifest> {
  const text = await readFile(join(backup, 'manifest.json'), 'utf8').catch(() => {
    throw new Error(`${backup} is not a Kettle backup (no manifest.json)`);
  });
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`${backup}: unknown backup format ${String(manifest.format)}`);
  return manifest;
}

/**
 * Puts a backup in place of DATA_DIR's database and uploads; what was there is moved to
 * DATA_DIR/replaced-<time>/, never deleted. The server must be stopped first.
 */
export async function restoreBackup(
  backup: string,
  { dataDir, databaseUrl }: { dataDir: string; databaseUrl?: string },
): Promise<BackupManifest> {
  const manifest = await readManifest(backup);
  const pid = runningServerPid(dataDir);
  if (pid) throw new Error(`a Kettle server (pid ${pid}) is running on ${dataDir}: stop it before restoring`);
  if ((manifest.engine === 'postgres') !== Boolean(databaseUrl)) {
    throw new Error(`this backup is of ${manifest.engine}, but DATABASE_URL ${databaseUrl ? 'is' : 'is not'} set`);
  }
  await mkdir(dataDir, { recursive: true, mode: DIR_MODE });
  const aside = join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  const moveAside = async (name: string) => {
    if (!existsSync(join(dataDir, name))) return;
    await mkdir(aside, { recursive: true, mode: DIR_MODE });
    await rename(join(dataDir, name), join(aside, name));
  };
  if (manifest.engine === 'pglite') {
    await moveAside('pglite');
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const tarball = await readFile(join(backup, 'pglite.tar.gz'));
    const db = new PGlite(join(dataDir, 'pglite'), {
      loadDataDir: new Blob([new Uint8Array(tarball)]),
      extensions: { pg_trgm },
    });
    await db.waitReady;
    await db.close();
  } else if (databaseUrl) {
    // --clean drops what the backup holds before recreating it: the database ends as it was then.
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--dbname',
      databaseUrl,
      join(backup, 'database.dump'),
    ]);
  }
  if (manifest.uploads !== null) {
    await moveAside('uploads');
    await copyUploads(join(backup, 'uploads'), join(dataDir, 'uploads'));
  }
  if (existsSync(join(backup, SECRET_FILE))) {
    await moveAside(SECRET_FILE);
    await copyFile(join(backup, SECRET_FILE), join(dataDir, SECRET_FILE));
  }
  // PGlite wrote the store here on this thread, without the store thread's owner-only modes
  // (owner-only-fs.js), and a backup copied by hand may have lost its own.
  await tightenTree(dataDir);
  return manifest;
}
