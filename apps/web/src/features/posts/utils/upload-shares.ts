import type { UploadProgress } from '@/lib/upload';

/**
 * How far each file is, from the bytes of the whole request sent so far. The browser sends the
 * text fields first, then the files in order; the multipart headers around them are counted
 * before the first file, so a file shows 100 % only once its last byte has gone.
 */
export function fileShares(files: readonly File[], progress: UploadProgress): number[] {
  if (progress.phase === 'processing') return files.map(() => 1);
  const sizes = files.map((file) => file.size);
  const fileBytes = sizes.reduce((sum, size) => sum + size, 0);
  let before = Math.max(0, progress.total - fileBytes);
  return sizes.map((size) => {
    const share = size === 0 ? 1 : Math.min(1, Math.max(0, (progress.loaded - before) / size));
    before += size;
    return share;
  });
}

/** The whole request's share sent, 0 to 1. */
export const totalShare = (progress: UploadProgress): number =>
  progress.phase === 'processing' || progress.total === 0 ? 1 : Math.min(1, progress.loaded / progress.total);
