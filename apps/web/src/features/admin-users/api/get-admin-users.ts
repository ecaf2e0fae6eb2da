import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { TIMINGS, type AdminUserList } from '@kettle/shared';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';

export type AdminUsersRequest = { search?: string; skip: number; limit: number };

/** Every admin user query starts with ['users', 'admin'], so one invalidation refreshes lists and details. */
export const adminUsersRootKey = ['users', 'admin'] as const;
export const adminUserListsKey = [...adminUsersRootKey, 'list'] as const;
export const adminUsersKey = (params: AdminUsersRequest) => [...adminUserListsKey, params] as const;

export const getAdminUsers = (params: AdminUsersRequest, signal?: AbortSignal) =>
  api.get<AdminUserList>('/users/admin/all', params, signal);

/** product.md §7 caching: the user list goes stale after 2 minutes. */
const adminUsersOptions = (params: AdminUsersRequest) =>
  queryOptions({
    queryKey: adminUsersKey(params),
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    staleTime: TIMINGS.userListStale,
  });

export function useAdminUsers(params: AdminUsersRequest) {
  return useQuery({ ...adminUsersOptions(params), placeholderData: keepPreviousData });
}

/** Once the current page has loaded and there is a next one, fetch it in the background after 500 ms. */
export function usePrefetchNextAdminUsers(params: AdminUsersRequest, loaded: boolean, total: number) {
  const queryClient = useQueryClient();
  const hasNext = params.skip + params.limit < total;
  const { search, skip, limit } = params;
  useEffect(() => {
    if (!loaded || !hasNext) return;
    const next = { search, skip: skip + limit, limit };
    const timer = setTimeout(() => void queryClient.prefetchQuery(adminUsersOptions(next)), TIMINGS.prefetchDelay);
    return () => clearTimeout(timer);
  }, [queryClient, loaded, hasNext, search, skip, limit]);
}
