import { LoaderCircle, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { UploadProgress } from '@/lib/upload';
import { fileShares, totalShare } from '../utils/upload-shares';

const percent = (share: number) => Math.round(share * 100);

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** What the live region says: the phase, and the percentage only in quarters, so it is not chatty. */
function announcement(progress: UploadProgress): string {
  if (progress.phase === 'processing') return 'All photos sent. Processing photos…';
  return `Uploading photos: ${Math.floor(percent(totalShare(progress)) / 25) * 25}%`;
}

function Bar({ label, share, className }: { label: string; share: number; className?: string }) {
  const value = percent(share);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={`${value}%`}
      className={`h-2 overflow-hidden rounded-full bg-muted ${className ?? ''}`}
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${value}%` }} />
    </div>
  );
}

/**
 * A tea's photos on their way: a bar for all of it and one per photo, with Cancel while bytes are
 * still going out. Once they have all gone the server decodes and re-encodes each photo, which
 * takes a moment on its own: that is said ('Processing photos…'), and Cancel goes, because the
 * server finishes the tea from there whatever the browser does.
 */
export function UploadProgressPanel({
  files,
  progress,
  onCancel,
}: {
  files: readonly File[];
  progress: UploadProgress;
  onCancel: () => void;
}) {
  const shares = fileShares(files, progress);
  const processing = progress.phase === 'processing';
  return (
    <section aria-label="Upload progress" className="grid gap-3 rounded-xl border border-border bg-card p-4">
      <p aria-live="polite" className="sr-only">
        {announcement(progress)}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="flex items-center gap-2 font-medium">
          {processing ? <LoaderCircle className="size-4 animate-spin text-primary" aria-hidden="true" /> : null}
          {processing
            ? 'Processing photos…'
            : `Uploading ${files.length === 1 ? 'photo' : `${files.length} photos`}: ${percent(totalShare(progress))}%`}
        </p>
        {processing ? (
          <p className="text-xs text-muted-foreground">Almost there: the server is preparing your photos.</p>
        ) : (
          <Button variant="outline" size="sm" onClick={onCancel}>
            <X aria-hidden="true" /> Cancel upload
          </Button>
        )}
      </div>
      <Bar label="Total upload" share={totalShare(progress)} className="h-2.5" />
      <ul className="grid gap-2">
        {files.map((file, index) => (
          <li key={`${file.name}-${index}`} className="grid gap-1 text-xs">
            <span className="flex justify-between gap-2 text-muted-foreground">
              <span className="min-w-0 truncate">{file.name}</span>
              <span className="shrink-0 tabular-nums">
                {percent(shares[index] ?? 0)}% of {megabytes(file.size)}
              </span>
            </span>
            <Bar label={`Upload of ${file.name}`} share={shares[index] ?? 0} />
          </li>
        ))}
      </ul>
    </section>
  );
}
