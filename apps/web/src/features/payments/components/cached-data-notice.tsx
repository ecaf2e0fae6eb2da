import { PAYMENT_MESSAGES } from '@kettle/shared';
import { WifiOff } from 'lucide-react';

/** A refetch failed but an earlier answer is still on screen (product.md §8). */
export function CachedDataNotice({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="status"
      className="mb-2 flex flex-wrap items-center gap-2 rounded-lg border border-accent bg-secondary px-3 py-2 text-sm text-secondary-foreground"
    >
      <WifiOff className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <span className="flex-1">{PAYMENT_MESSAGES.cachedData}</span>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="font-medium text-primary underline-offset-4 hover:underline disabled:opacity-50"
      >
        Retry
      </button>
    </div>
  );
}
