import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadOptions, UploadProgress } from '@/lib/upload';

/** The busy button says what is happening: sending photos, then the server working on them. */
export function pendingLabel(photos: number, progress: UploadProgress | null): string {
  if (photos === 0) return 'Submitting...';
  return progress?.phase === 'processing' ? 'Processing photos…' : 'Uploading photos…';
}

export const UPLOAD_CANCELLED = {
  title: 'Upload cancelled',
  description: 'Nothing was saved and no coins were charged.',
} as const;

/**
 * One upload at a time for a form: its progress for the panel, and Cancel. Leaving the page
 * cancels too; the server saves nothing from a body that never arrived whole.
 */
export function useUpload() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback((): UploadOptions => {
    controller.current?.abort();
    const next = new AbortController();
    controller.current = next;
    setProgress(null);
    return { signal: next.signal, onProgress: setProgress };
  }, []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  const finish = useCallback(() => {
    controller.current = null;
    setProgress(null);
  }, []);

  return { progress, start, cancel, finish };
}
