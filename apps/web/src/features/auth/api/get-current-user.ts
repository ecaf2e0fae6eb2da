import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@kettle/shared';
import { api, ApiError } from '@/lib/api-client';
import { retryTransientOnce } from '@/lib/query-retry';
import { logout, useSession } from '@/lib/session';

export const currentUserKey = ['auth', 'me'] as const;

export const getCurrentUser = (): Promise<CurrentUser> => api.get<CurrentUser>('/auth/me');

/** GET /auth/me; a 401/403 logs out (spec §4). */
export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserKey,
  queryFn: async () => {
    try {
      return await getCurrentUser();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) logout(error.message);
      throw error;
    }
  },
  staleTime: 60_000,
  // The app's policy (one retry for a 5xx or network error); a 401/403 has logged out above.
  retry: retryTransientOnce,
});

/** Runs only with a token. */
export function useCurrentUser() {
  const { isAuthenticated } = useSession();
  return useQuery({ ...currentUserQueryOptions, enabled: isAuthenticated });
}
