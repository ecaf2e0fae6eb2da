import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@kettle/shared';
import { api, ApiError } from './api-client';
import { retryTransientOnce } from './query-retry';
import { logout, useSession } from './session';

// The signed-in user is read by most features (balances, author checks, admin guards): app-wide
// session state, so it lives beside the session store rather than in the auth feature.

export const currentUserKey = ['auth', 'me'] as const;

/**
 * Every page of the user's coin ledger (My Account) starts with this, so anything that moves
 * coins can invalidate them all. It sits beside the balance because the features that move coins
 * (payments, subscriptions) refresh both.
 */
export const ledgerKey = ['coins', 'ledger'] as const;

export const getCurrentUser = (): Promise<CurrentUser> => api.get<CurrentUser>('/auth/me');

/** GET /auth/me; a 401/403 logs out (product.md §4). */
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
