import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { TIMINGS, type OwnPostList, type PostStatus } from '@kettle/shared';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { adminPostsKey } from '@/lib/post-keys';

export type AdminFeedRequest = {
  category_id?: string;
  state_id?: string;
  status?: PostStatus;
  search?: string;
  skip: number;
  limit: number;
};

/** Under ['posts', 'admin'], so approving, rejecting or editing a post refreshes the feed. */
export const adminFeedKey = (params: AdminFeedRequest) => [...adminPostsKey, 'feed', params] as const;

export const getAdminFeed = (params: AdminFeedRequest, signal?: AbortSignal) =>
  api.get<OwnPostList>('/posts/admin/all', params, signal);

const adminFeedOptions = (params: AdminFeedRequest) =>
  queryOptions({
    queryKey: adminFeedKey(params),
    queryFn: ({ signal }) => getAdminFeed(params, signal),
    staleTime: TIMINGS.postListFresh,
  });

export function useAdminFeed(params: AdminFeedRequest, enabled = true) {
  return useQuery({ ...adminFeedOptions(params), enabled, placeholderData: keepPreviousData });
}

/** Once the current page has loaded, fetch the next one in the background (500 ms). */
export function usePrefetchNextAdminFeed(params: AdminFeedRequest, loaded: boolean, total: number) {
  const queryClient = useQueryClient();
  const hasNext = params.skip + params.limit < total;
  const { category_id, state_id, status, search, skip, limit } = params;
  useEffect(() => {
    if (!loaded || !hasNext) return;
    const next = { category_id, state_id, status, search, skip: skip + limit, limit };
    const timer = setTimeout(() => void queryClient.prefetchQuery(adminFeedOptions(next)), TIMINGS.prefetchDelay);
    return () => clearTimeout(timer);
  }, [queryClient, loaded, hasNext, category_id, state_id, status, search, skip, limit]);
}
