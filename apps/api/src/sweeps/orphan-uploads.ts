import { inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { postImages } from '../db/schema.js';
import { fileKeysOf, removeImageFiles } from '../lib/images/delete-images.js';
import type { SweepContext, SweepResult } from './sweep.js';

/**
 * A submission writes its files inside its transaction, before the rows commit; a file this
 * young may belong to one in flight, so it is never swept.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ storageKey: postImages.storageKey, previewKey: postImages.previewKey })
    .from(postImages)
    .where(or(inArray(postImages.storageKey, keys), inArray(postImages.previewKey, keys)));
  return new Set(fileKeysOf(rows));
}

/**
 * Removes stored files that no image row references (full image or preview) and that are older
 * than the grace period: uploads of submissions that failed half-way, and files whose removal
 * failed after a delete.
 */
export async function sweepOrphanUploads(
  ctx: SweepContext,
  now: Date,
  graceMs: number = ORPHAN_GRACE_MS,
): Promise<SweepResult> {
  const cutoff = now.getTime() - graceMs;
  const result: SweepResult = { removed: 0, failed: [] };
  for await (const page of ctx.images.list()) {
    const old = page.filter((file) => file.modifiedAt.getTime() < cutoff).map((file) => file.key);
    if (old.length === 0) continue;
    const referenced = await referencedKeys(ctx.db, old);
    const removal = await removeImageFiles(
      ctx.images,
      old.filter((key) => !referenced.has(key)),
    );
    result.removed += removal.removed;
    result.failed.push(...removal.failed);
  }
  return result;
}
