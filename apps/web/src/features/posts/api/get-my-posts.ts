import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { TIMINGS, type MyPostList, type MyPostsQuery } from '@kettle/shared';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';

/** Every field the API reads, with paging always explicit. */
export type MyPostsRequest = MyPostsQuery;

/** Starts with ['posts'] so a new submission (which invalidates ['posts']) refreshes My Teas. */
export const myPostsKey = (params: MyPostsRequest) => ['posts', 'me', params] as const;

export const getMyPosts = (params: MyPostsRequest, signal?: AbortSignal) =>
  api.get<MyPostList>('/posts/me', params, signal);

export const myPostsQueryOptions = (params: MyPostsRequest) =>
  queryOptions({
    queryKey: myPostsKey(params),
    queryFn: ({ signal }) => getMyPosts(params, signal),
    staleTime: TIMINGS.postListFresh,
  });

export function useMyPosts(params: MyPostsRequest, enabled = true) {
  return useQuery({ ...myPostsQueryOptions(params), enabled, placeholderData: keepPreviousData });
}

/** Once the current page has loaded, fetch the next one in the background (product.md §2, 500 ms). */
export function usePrefetchNextMyPosts(params: MyPostsRequest, loaded: boolean, total: number) {
  const queryClient = useQueryClient();
  const hasNext = params.skip + params.limit < total;
  const { category_id, state_id, search, status, skip, limit } = params;
  useEffect(() => {
    if (!loaded || !hasNext) return;
    const next = { category_id, state_id, search, status, skip: skip + limit, limit };
    const timer = setTimeout(() => void queryClient.prefetchQuery(myPostsQueryOptions(next)), TIMINGS.prefetchDelay);
    return () => clearTimeout(timer);
  }, [queryClient, loaded, hasNext, category_id, state_id, search, status, skip, limit]);
}
