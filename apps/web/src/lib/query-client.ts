import { QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@kettle/shared';
import { retryDelay, retryTransientOnce } from './query-retry';

export const queryClient = new QueryClient({
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
