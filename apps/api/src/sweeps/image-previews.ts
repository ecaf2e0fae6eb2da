import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { postImages } from '../db/schema.js';
import { makePreview, newStorageKey } from '../lib/images/process-image.js';
import type { SweepContext } from './sweep.js';

const ROWS_PER_PAGE = 50;

type Missing = { id: string; storageKey: string };

/** Makes and stores one preview; false when the full file is gone or unreadable. */
async function previewOne(ctx: SweepContext, row: Missing): Promise<boolean> {
  const full = await ctx.images.read(row.storageKey);
  if (!full) return false;
  const preview = await makePreview(full).catch(() => null);
  if (!preview) return false;
  const key = newStorageKey();
  await ctx.images.put(key, preview);
  const [updated] = await ctx.db
    .update(postImages)
    .set({ previewKey: key })
    .where(and(eq(postImages.id, row.id), isNull(postImages.previewKey)))
    .returning({ id: postImages.id });
  // Another server made it first: keep theirs, drop ours.
  if (!updated) await ctx.images.remove(key);
  return Boolean(updated);
}

/**
 * Gives every image stored before previews existed its blurred preview. Until then the
 * presenters leave such an image out for locked readers (never the full one instead).
 * Returns how many previews were made.
 */
export async function backfillImagePreviews(ctx: SweepContext): Promise<number> {
  let made = 0;
  let after: string | null = null;
  for (;;) {
    const rows: Missing[] = await ctx.db
      .select({ id: postImages.id, storageKey: postImages.storageKey })
      .from(postImages)
      .where(and(isNull(postImages.previewKey), after ? gt(postImages.id, after) : undefined))
      .orderBy(asc(postImages.id))
      .limit(ROWS_PER_PAGE);
    const last = rows.at(-1);
    if (!last) return made;
    for (const row of rows) if (await previewOne(ctx, row)) made += 1;
    after = last.id;
  }
}
