import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../../test/s3.js';
import { newStorageKey } from './process-image.js';
import { createS3Client, createS3Storage } from './s3-storage.js';
import { createDiskStorage, LIST_PAGE_SIZE, type ImageStorage, type StoredFile } from './storage.js';

/** A storage made fresh for one case, and a way to put a file there that Kettle did not name. */
type Made = { storage: ImageStorage; putForeign: (name: string) => Promise<void>; pageSize: number };

async function listAll(storage: ImageStorage): Promise<StoredFile[][]> {
  const pages: StoredFile[][] = [];
  for await (const page of storage.list()) pages.push(page);
  return pages;
}

/** The cases every ImageStorage must pass; the orphan sweep and GET /uploads rely on them. */
function storageContract(name: string, make: (pageSize: number) => Promise<Made>): void {
  describe(`${name} image storage`, () => {
    it('reads back what was put, and null for a key never stored', async () => {
      const { storage } = await make(500);
      const key = newStorageKey();
      await storage.put(key, Buffer.from('webp bytes'));
      expect(await storage.read(key)).toEqual(Buffer.from('webp bytes'));
      expect(await storage.read(newStorageKey())).toBeNull();
    });

    it('refuses keys outside the pattern: put throws, read answers null, remove does nothing', async () => {
      const { storage } = await make(500);
      await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow('invalid storage key');
      expect(await storage.read('../escape')).toBeNull();
      await expect(storage.remove('../escape')).resolves.toBeUndefined();
    });

    it('removes a file, and removing it again is not an error', async () => {
      const { storage } = await make(500);
      const key = newStorageKey();
      await storage.put(key, Buffer.from('gone soon'));
      await storage.remove(key);
      expect(await storage.read(key)).toBeNull();
      await expect(storage.remove(key)).resolves.toBeUndefined();
    });

    it('lists every stored file in pages with its modification time, skipping foreign names', async () => {
      const { storage, putForeign, pageSize } = await make(2);
      const before = Date.now() - 5_000;
      const keys = [newStorageKey(), newStorageKey(), newStorageKey(), newStorageKey(), newStorageKey()];
      for (const key of keys) await storage.put(key, Buffer.from(key));
      await putForeign('notes.txt');
      const pages = await listAll(storage);
      const files = pages.flat();
      expect(files.map((file) => file.key).sort()).toEqual([...keys].sort());
      for (const file of files) expect(file.modifiedAt.getTime()).toBeGreaterThan(before);
      // Foreign names are dropped from a page, so a page holds at most pageSize files.
      for (const page of pages) expect(page.length).toBeLessThanOrEqual(pageSize);
      if (pageSize === 2) expect(pages.length).toBeGreaterThanOrEqual(3);
    });

    it('lists nothing for an empty store', async () => {
      const { storage } = await make(500);
      expect((await listAll(storage)).flat()).toEqual([]);
    });
  });
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// The disk pages by LIST_PAGE_SIZE whatever is asked; five files fit its one page.
storageContract('disk', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kettle-storage-'));
  dirs.push(dir);
  const uploads = join(dir, 'uploads');
  const storage = createDiskStorage(uploads);
  return {
    storage,
    pageSize: LIST_PAGE_SIZE,
    putForeign: async (name) => {
      mkdirSync(uploads, { recursive: true });
      writeFileSync(join(uploads, name), 'not an image');
    },
  };
});

let s3: LocalS3;
const clients: S3Client[] = [];
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  for (const client of clients) client.destroy();
  await s3?.stop();
});

storageContract('S3 (s3rver)', async (pageSize) => {
  const settings = await s3.bucket();
  const client = createS3Client(settings);
  clients.push(client);
  const storage = createS3Storage(settings, { client, pageSize });
  return {
    storage,
    pageSize,
    putForeign: async (name) => {
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: name, Body: 'not an image' }));
    },
  };
});
