import { and, eq, inArray, lte, notExists, sql } from 'drizzle-orm';
import { appeals, postImages, posts } from '../db/schema.js';
import { fileKeysOf, removeImageFiles } from '../lib/images/delete-images.js';
import type { SweepContext, SweepResult } from './sweep.js';

/** product.md §9: a rejected tea may be appealed for 30 days; its photos are kept that long. */
export const APPEAL_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
const POSTS_PER_ROUND = 100;

/** An appeal filed in the window may be answered after it: its tea keeps its photos until then. */
const pendingAppeal = sql`(select 1 from ${appeals} a where a.target_type = 'post' and a.target_id = ${posts.id} and a.status = 'pending')`;

/**
 * Removes the photos (rows, then files after commit) of teas rejected more than the appeal window
 * before `now`. The posts are locked first, so a re-approval racing the sweep either commits
 * before (the post is no longer rejected and keeps its photos) or waits and finds them gone.
 */
export async function sweepRejectedPhotos(ctx: SweepContext, now: Date): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - APPEAL_WINDOW_MS);
  const result: SweepResult = { removed: 0, failed: [] };
  for (;;) {
    const keys = await ctx.db.transaction(async (tx) => {
      const expired = await tx
        .select({ id: posts.id })
        .from(posts)
        .innerJoin(postImages, eq(postImages.postId, posts.id))
        .where(and(eq(posts.status, 'rejected'), lte(posts.rejectedAt, cutoff), notExists(pendingAppeal)))
        .limit(POSTS_PER_ROUND)
        .for('update', { of: posts });
      if (expired.length === 0) return [];
      const rows = await tx
        .delete(postImages)
        .where(
          inArray(
            postImages.postId,
            expired.map((post) => post.id),
          ),
        )
        .returning({ storageKey: postImages.storageKey, previewKey: postImages.previewKey });
      return fileKeysOf(rows);
    });
    if (keys.length === 0) return result;
    const removal = await removeImageFiles(ctx.images, keys);
    result.removed += removal.removed;
    result.failed.push(...removal.failed);
  }
}
