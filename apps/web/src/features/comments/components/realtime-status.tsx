import { REALTIME_MESSAGES, TIMINGS } from '@kettle/shared';
import { RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { PostEventsState } from '../hooks/use-post-events';

/**
 * The live connection's state beside the comments heading (product.md §8 realtime texts), announced
 * politely: 'Live' while connected, 'Connection error (attempt n/5)' while retrying, and
 * 'Failed to establish connection' with a 'Reconnect' button once every retry failed.
 */
export function RealtimeStatus({ state }: { state: PostEventsState }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-9 flex-wrap items-center gap-2 text-sm">
      {state.status === 'connected' ? (
        <span className="inline-flex items-center gap-1.5 text-muted-foreground">
          <span className="size-2 rounded-full bg-success" aria-hidden="true" />
          Live<span className="sr-only">: new comments and votes appear as they happen</span>
        </span>
      ) : null}
      {state.status === 'retrying' ? (
        <span className="inline-flex items-center gap-1.5 text-muted-foreground">
          <WifiOff className="size-4" aria-hidden="true" />
          {REALTIME_MESSAGES.retrying(state.attempt, TIMINGS.realtimeRetries)}
        </span>
      ) : null}
      {state.status === 'failed' ? (
        <>
          <span role="alert" className="inline-flex items-center gap-1.5 font-medium text-destructive">
            <WifiOff className="size-4" aria-hidden="true" />
            {REALTIME_MESSAGES.failed}
          </span>
          <Button variant="outline" size="sm" onClick={state.reconnect}>
            <RefreshCw aria-hidden="true" /> Reconnect
          </Button>
        </>
      ) : null}
    </div>
  );
}
