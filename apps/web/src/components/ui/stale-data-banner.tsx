import { RotateCcw, WifiOff } from 'lucide-react';
import { apiErrorMessage } from '@/lib/api-error-message';
import { Button } from './button';

/**
 * A refresh failed while an earlier answer is on screen: the answer stays (it is still the best we
 * have) and this says it may be out of date, with the reason and a way to try again.
 */
/** What every 'it failed, try again' view takes: the error, a retry and whether it is running. */
export type RetryableError = { error: unknown; onRetry: () => void; retrying: boolean };

export function StaleDataBanner({ error, onRetry, retrying }: RetryableError) {
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-accent bg-secondary px-4 py-3 text-sm text-secondary-foreground"
    >
      <WifiOff className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        <span className="font-medium">Couldn't refresh. Showing what was loaded before.</span>{' '}
        <span className="text-muted-foreground">{apiErrorMessage(error)}</span>
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        <RotateCcw aria-hidden="true" /> Try Again
      </Button>
    </div>
  );
}
