import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ERROR_CODES, TIMINGS } from '@kettle/shared';
import { ApiError } from './api-client';
import { currentUserKey } from './current-user';
import { retryDelay, retryTransientOnce } from './query-retry';

/**
 * A suspension issued while the member was signed in is first heard of as a refused action
 * (403 ACCOUNT_SUSPENDED): reading the account again shows the banner and the standing at once,
 * instead of on the next full load.
 */
const onError = (error: unknown) => {
  // A refused spend of a banned account reads the account again, which answers ACCOUNT_BANNED
  // and shows the ban at sign-in (api-client).
  const reread = [ERROR_CODES.accountSuspended, ERROR_CODES.accountInactive] as string[];
  if (error instanceof ApiError && error.code !== undefined && reread.includes(error.code)) {
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
  }
};

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      staleTime: TIMINGS.postListFresh,
      retry: retryTransientOnce,
      retryDelay,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
