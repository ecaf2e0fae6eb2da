import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where processed images live. Disk today; an S3-compatible store implements the same three calls. */
export type ImageStorage = {
  put: (key: string, data: Buffer) => Promise<void>;
  /** The stored bytes, or null when the key is unknown. */
  read: (key: string) => Promise<Buffer | null>;
  remove: (key: string) => Promise<void>;
};

/** What newStorageKey produces (base64url); anything else is refused before touching the disk. */
export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** Keys are random and checked against a strict pattern, so no key can walk out of `dir`. */
function pathFor(dir: string, key: string): string {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error('invalid storage key');
  return join(dir, `${key}.webp`);
}

export function createDiskStorage(dir: string): ImageStorage {
  let ready: Promise<unknown> | undefined;
  const ensureDir = () => (ready ??= mkdir(dir, { recursive: true }));
  return {
    put: async (key, data) => {
      await ensureDir();
      await writeFile(pathFor(dir, key), data, { flag: 'wx' });
    },
    read: async (key) => {
      if (!STORAGE_KEY_PATTERN.test(key)) return null;
      try {
        return await readFile(pathFor(dir, key));
      } catch {
        return null;
      }
    },
    remove: async (key) => {
      if (!STORAGE_KEY_PATTERN.test(key)) return;
      await rm(pathFor(dir, key), { force: true });
    },
  };
}
