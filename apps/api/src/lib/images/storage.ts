import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIR_MODE, FILE_MODE } from '../owner-only.js';

/** One stored file as the orphan sweep sees it. */
export type StoredFile = { key: string; modifiedAt: Date };

/** Where processed images live: on disk, or in an S3-compatible store (s3-storage.ts). */
export type ImageStorage = {
  put: (key: string, data: Buffer) => Promise<void>;
  /** The stored bytes, or null when the key is unknown. */
  read: (key: string) => Promise<Buffer | null>;
  remove: (key: string) => Promise<void>;
  /** Every stored file with its last modification, in pages (S3's ListObjectsV2 gives the same). */
  list: () => AsyncIterable<StoredFile[]>;
  /** Releases connections held by the store (S3's keep-alive sockets); the disk holds none. */
  close?: () => void;
};

/** What newStorageKey produces (base64url); anything else is refused before touching the disk. */
export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
/** A stored file's name (disk) or object key (S3): the storage key and the one extension. */
export const FILE_NAME_PATTERN = /^([A-Za-z0-9_-]{16,128})\.webp$/;
export const LIST_PAGE_SIZE = 500;

/** Keys are random and checked against a strict pattern, so no key can walk out of `dir`. */
function pathFor(dir: string, key: string): string {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error('invalid storage key');
  return join(dir, `${key}.webp`);
}

async function fileOf(dir: string, name: string): Promise<StoredFile | null> {
  const key = FILE_NAME_PATTERN.exec(name)?.[1];
  if (!key) return null;
  try {
    return { key, modifiedAt: (await stat(join(dir, name))).mtime };
  } catch {
    return null; // removed since the directory was read
  }
}

async function* listDir(dir: string): AsyncIterable<StoredFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return; // nothing stored yet
  }
  for (let at = 0; at < names.length; at += LIST_PAGE_SIZE) {
    const page = await Promise.all(names.slice(at, at + LIST_PAGE_SIZE).map((name) => fileOf(dir, name)));
    yield page.filter((file): file is StoredFile => file !== null);
  }
}

export function createDiskStorage(dir: string): ImageStorage {
  let ready: Promise<unknown> | undefined;
  const ensureDir = () => (ready ??= mkdir(dir, { recursive: true, mode: DIR_MODE }));
  return {
    put: async (key, data) => {
      await ensureDir();
      await writeFile(pathFor(dir, key), data, { flag: 'wx', mode: FILE_MODE });
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
    list: () => listDir(dir),
  };
}
