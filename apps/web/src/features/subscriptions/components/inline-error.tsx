import { CircleAlert, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** A part of the section that failed to load: why, and Try Again. */
export function InlineError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <p className="flex items-center gap-2 text-sm">
        <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />
        {message}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        <RotateCcw aria-hidden="true" /> Try Again
      </Button>
    </div>
  );
}
