import type { PostImage } from '@kettle/shared';
import type { postImages } from '../../../db/schema.js';
import { imageUrl } from '../../../lib/images/image-urls.js';

type ImageRow = typeof postImages.$inferSelect;

/** What the reader may see of a post's photos: open (author, admin, unlocked) and published. */
export type ImageAccess = { open: boolean; published: boolean };

/**
 * SECURITY: the only place a post's photos get addresses. A reader the post is open to gets the
 * full images through signed, expiring links; anyone else gets only the blurred preview (≤ 64 px),
 * public once the post is published. An image whose preview is not made yet (stored before
 * previews existed; the start-up backfill makes it) is left out for them, never sent in full.
 */
export function presentImages(
  rows: readonly ImageRow[],
  access: ImageAccess,
  secret: string,
  now: Date = new Date(),
): PostImage[] {
  if (access.open) {
    return rows.map((row) => ({ id: row.id, image_url: imageUrl(secret, row.storageKey, { public: false }, now) }));
  }
  return rows.flatMap((row) =>
    row.previewKey
      ? [{ id: row.id, image_url: imageUrl(secret, row.previewKey, { public: access.published }, now) }]
      : [],
  );
}
