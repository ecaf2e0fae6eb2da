import { CircleAlert, RotateCcw } from 'lucide-react';
import { useLocation } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { POST_NOT_FOUND_TEXT, PostNotFound } from './post-not-found';
import type { RetryableError } from './stale-data-banner';

/** What the bell's links carry in the router state, so the page knows the reader came from a notice. */
export const FROM_NOTIFICATION = { from: 'notification' } as const;

export const REMOVED_TEA = {
  title: 'This tea was removed',
  description:
    'The tea this notification was about is no longer on Kettle: its author emptied the pot or it was taken down.',
} as const;

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

const cameFromNotification = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { from?: unknown }).from === FROM_NOTIFICATION.from;

/** The page title beside a failed load: only a 404 is 'Post Not Found'. */
export function postErrorTitle(error: unknown, state: unknown): string {
  if (!isNotFound(error)) return 'Something went wrong';
  return cameFromNotification(state) ? REMOVED_TEA.title : 'Post Not Found';
}

/**
 * A post that could not be loaded. A 404 is 'Post Not Found' (or, from a notification, 'This tea
 * was removed': the notice was right when sent, the tea has gone since); anything else (a 5xx, no
 * network) may pass, so it says something went wrong and offers Try Again.
 */
export function PostLoadError({ error, onRetry, retrying }: RetryableError) {
  const { state } = useLocation();
  if (isNotFound(error)) {
    return cameFromNotification(state) ? (
      <PostNotFound title={REMOVED_TEA.title} message={REMOVED_TEA.description} />
    ) : (
      <PostNotFound message={apiErrorMessage(error, POST_NOT_FOUND_TEXT)} />
    );
  }
  return (
    <EmptyState
      icon={CircleAlert}
      title="Something went wrong"
      headingLevel={1}
      description={apiErrorMessage(error)}
      action={
        <Button onClick={onRetry} disabled={retrying} aria-busy={retrying}>
          <RotateCcw aria-hidden="true" /> Try Again
        </Button>
      }
    />
  );
}
