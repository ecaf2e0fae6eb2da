import { QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@kettle/shared';
import { ApiError } from './api-client';

/** Client errors will not change on retry; only transient failures are retried. */
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 3;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: TIMINGS.postListFresh,
      retry: shouldRetry,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, TIMINGS.retryBackoffCap),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
