import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { postImages } from '../../db/schema.js';
import type { ImageStorage } from './storage.js';

export type RemovalResult = { removed: number; failed: string[] };

/** Every file of the given image rows: the full image and its preview. */
export const fileKeysOf = (rows: ReadonlyArray<{ storageKey: string; previewKey: string | null }>): string[] =>
  rows.flatMap((row) => (row.previewKey ? [row.storageKey, row.previewKey] : [row.storageKey]));

/** The files of a post's images (full and preview), read before a delete cascades their rows away. */
export async function postImageKeys(db: DbOrTx, postId: string): Promise<string[]> {
  const rows = await db
    .select({ storageKey: postImages.storageKey, previewKey: postImages.previewKey })
    .from(postImages)
    .where(eq(postImages.postId, postId));
  return fileKeysOf(rows);
}

/**
 * Removes files by key. A file already gone is not an error (disk remove uses force), and one
 * failed removal does not stop the others: failures come back for the caller to log, and the
 * orphan sweep (security.md U5) is the backstop.
 */
export async function removeImageFiles(images: ImageStorage, keys: readonly string[]): Promise<RemovalResult> {
  const results = await Promise.allSettled(keys.map((key) => images.remove(key)));
  const failed = keys.filter((_, i) => results[i]?.status === 'rejected');
  return { removed: keys.length - failed.length, failed };
}

/**
 * Removes a post's image files from storage, so a deleted post's images stop being served
 * (security.md Z4). Only the files: the rows go with the post by cascade. Either call this before
 * deleting, or read `postImageKeys` inside the delete's transaction and call `removeImageFiles`
 * once it has committed (no files lost if the delete rolls back). Never throws for a missing file.
 */
export async function deletePostImages(
  ctx: { db: DbOrTx; images: ImageStorage },
  postId: string,
): Promise<RemovalResult> {
  return removeImageFiles(ctx.images, await postImageKeys(ctx.db, postId));
}
