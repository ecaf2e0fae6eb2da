import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { TIMINGS, type PostCardList } from '@kettle/shared';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { firstViewData } from '@/lib/first-view';
import { postListsKey } from '@/lib/post-keys';
import { useSession } from '@/lib/session';

/** The public list's query: category by name, state by code (the API resolves both). */
export type PostsRequest = { category?: string; state?: string; search?: string; skip: number; limit: number };

/** Locked or not depends on who asks, so a visitor's cached pages never serve a signed-in reader. */
export type Viewer = 'user' | 'visitor';

export const postListKey = (params: PostsRequest, viewer: Viewer) => [...postListsKey, viewer, params] as const;

export const getPosts = (params: PostsRequest, signal?: AbortSignal) =>
  api.get<PostCardList>('/posts/', params, signal);

export const postsQueryOptions = (params: PostsRequest, viewer: Viewer) =>
  queryOptions({
    queryKey: postListKey(params, viewer),
    queryFn: ({ signal }) => getPosts(params, signal),
    staleTime: TIMINGS.postListFresh,
    ...(viewer === 'visitor' ? firstViewData<PostCardList>('/posts/', params) : {}),
  });

const useViewer = (): Viewer => (useSession().isAuthenticated ? 'user' : 'visitor');

export function usePosts(params: PostsRequest) {
  const viewer = useViewer();
  return useQuery({ ...postsQueryOptions(params, viewer), placeholderData: keepPreviousData });
}

/** Once the current page has loaded, fetch the next one in the background (product.md §2, 500 ms). */
export function usePrefetchNextPosts(params: PostsRequest, loaded: boolean, total: number) {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const hasNext = params.skip + params.limit < total;
  const { category, state, search, skip, limit } = params;
  useEffect(() => {
    if (!loaded || !hasNext) return;
    const next = { category, state, search, skip: skip + limit, limit };
    const timer = setTimeout(
      () => void queryClient.prefetchQuery(postsQueryOptions(next, viewer)),
      TIMINGS.prefetchDelay,
    );
    return () => clearTimeout(timer);
  }, [queryClient, viewer, loaded, hasNext, category, state, search, skip, limit]);
}
