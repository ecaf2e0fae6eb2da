/**
 * What a store must still hold after a crash or a restore: every write the server answered 2xx
 * (load-kit's `Acked`), and the coin invariants (test/invariants.ts). Answers one line per problem.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type Database, type Db } from '../src/db/client.js';
import { comments, postImages, postUnlocks, postVotes, posts, purchases } from '../src/db/schema.js';
import { rowsOf } from '../src/lib/sql-rows.js';
import { findInvariantViolations } from '../test/invariants.js';
import type { Acked } from './load-kit.js';

const missing = (kind: string, wanted: string[], found: Set<string>): string[] => {
  const lost = wanted.filter((id) => !found.has(id));
  return lost.length ? [`${lost.length} of ${wanted.length} acknowledged ${kind} missing: ${lost.slice(0, 5)}`] : [];
};

export async function findLostWrites(db: Db, acked: Acked): Promise<string[]> {
  const ids = async (rows: Promise<Array<{ id: string }>>) => new Set((await rows).map((r) => r.id));
  const pairs = (rows: Array<{ userId: string; postId: string }>) => rows.map((r) => `${r.userId}:${r.postId}`);
  const readers = [...new Set([...acked.unlocks, ...acked.votes].map((r) => r.userId))];
  const teas = acked.teas.length
    ? await ids(db.select({ id: posts.id }).from(posts).where(inArray(posts.id, acked.teas)))
    : new Set<string>();
  const said = acked.comments.length
    ? await ids(db.select({ id: comments.id }).from(comments).where(inArray(comments.id, acked.comments)))
    : new Set<string>();
  const unlocks = readers.length
    ? pairs(await db.select().from(postUnlocks).where(inArray(postUnlocks.userId, readers)))
    : [];
  const votes = readers.length
    ? pairs(await db.select().from(postVotes).where(inArray(postVotes.userId, readers)))
    : [];
  const paid = acked.purchases.length
    ? await ids(
        db
          .select({ id: purchases.providerSessionId })
          .from(purchases)
          .where(and(inArray(purchases.providerSessionId, acked.purchases), eq(purchases.status, 'succeeded'))),
      )
    : new Set<string>();
  return [
    ...missing('teas', acked.teas, teas),
    ...missing('comments', acked.comments, said),
    ...missing('unlocks', pairs(acked.unlocks), new Set(unlocks)),
    ...missing('votes', pairs(acked.votes), new Set(votes)),
    ...missing('paid purchases', acked.purchases, paid),
  ];
}

/** Image files named by the acknowledged teas' rows that are not in `uploadsDir`. */
export async function findMissingImages(db: Db, acked: Acked, uploadsDir: string): Promise<string[]> {
  if (acked.teas.length === 0) return [];
  const rows = await db.select().from(postImages).where(inArray(postImages.postId, acked.teas));
  const keys = rows.flatMap((row) => [row.storageKey, row.previewKey ?? []].flat());
  const lost = keys.filter((key) => !existsSync(join(uploadsDir, `${key}.webp`)));
  if (rows.length === 0) return ['the acknowledged teas have no image rows'];
  return lost.length ? [`${lost.length} of ${keys.length} image files missing: ${lost.slice(0, 5)}`] : [];
}

/**
 * Lost writes, missing images (when `uploadsDir` is given) and broken invariants together: empty
 * when the store kept every promise.
 */
export async function checkStore(db: Db, acked: Acked, uploadsDir?: string): Promise<string[]> {
  const query = async (text: string) => rowsOf<Record<string, unknown>>(await db.execute(sql.raw(text)));
  return [
    ...(await findLostWrites(db, acked)),
    ...(uploadsDir ? await findMissingImages(db, acked, uploadsDir) : []),
    ...(await findInvariantViolations(query)),
  ];
}

const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh PostgreSQL database on the test server, and how to drop it. */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: BASE_URL });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** A server's store: the environment that points a server at it, and the test's own way in. */
export type Store = {
  env: Record<string, string>;
  uploadsDir: string;
  open: () => Promise<Database>;
  remove: () => Promise<void>;
};

export async function pgliteStore(): Promise<Store> {
  const dir = mkdtempSync(join(tmpdir(), 'kettle-store-'));
  return {
    env: { DATA_DIR: dir },
    uploadsDir: join(dir, 'uploads'),
    open: () => openPglite(dir),
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A fresh database on the test PostgreSQL server, and a data directory for its uploads. */
export async function postgresStore(): Promise<Store> {
  const dir = mkdtempSync(join(tmpdir(), 'kettle-store-'));
  const database = await createScratchDatabase('kettle_store');
  return {
    env: { DATA_DIR: dir, DATABASE_URL: database.url },
    uploadsDir: join(dir, 'uploads'),
    open: async () => openPostgres(database.url),
    remove: async () => {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const ENGINES = { pglite: pgliteStore, postgres: postgresStore } as const;
