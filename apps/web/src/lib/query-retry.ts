import { ApiError } from './api-client';

/**
 * How long a failed read waits before its one retry. Short on purpose: with one retry the error
 * state shows within about a second of the first failure instead of after ~7.5 s of skeletons.
 */
export const RETRY_DELAY_MS = 400;

/**
 * One retry for what may pass (a network error, a 5xx); none for a 4xx, which will answer the same
 * again. TanStack Query calls this with the number of failures so far minus one (0 after the first).
 */
export const retryTransientOnce = (failureCount: number, error: unknown): boolean =>
  failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const retryDelay = (): number => RETRY_DELAY_MS;
