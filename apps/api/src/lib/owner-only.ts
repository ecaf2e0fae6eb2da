import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Everything Kettle writes under DATA_DIR, and every backup, is the server account's alone
 * (docs/decisions/data-dir-modes.md): the store, the images and the JWT secret are the accounts.
 */
export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;
/** Group and other bits: none of them is ever wanted. */
const OTHERS = 0o077;

/** For process.umask: what this process makes without naming a mode is owner-only too. */
export const OWNER_ONLY_UMASK = OTHERS;

/**
 * Takes the group and other bits off `root` and everything under it (symbolic links are left as
 * they are, and never followed); answers how many paths had any.
 */
export async function tightenTree(root: string): Promise<number> {
  let tightened = 0;
  const pending = [root];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    // A path removed since its folder was read is nothing to tighten.
    const stats = await lstat(path).catch(() => null);
    if (!stats || stats.isSymbolicLink()) continue;
    if (stats.mode & OTHERS) {
      await chmod(path, stats.mode & DIR_MODE);
      tightened += 1;
    }
    if (stats.isDirectory()) for (const name of await readdir(path)) pending.push(join(path, name));
  }
  return tightened;
}

/**
 * DATA_DIR as a server or command starts on it: made owner-only if missing, and tightened if it or
 * anything in it (an older install's store, backups, images) was open to others.
 */
export async function secureDataDir(dataDir: string): Promise<number> {
  await mkdir(dataDir, { recursive: true, mode: DIR_MODE });
  return tightenTree(dataDir);
}
