import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMINGS, type PostDetail } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { firstViewData } from '@/lib/first-view';
import { retryDelay, retryTransientOnce } from '@/lib/query-retry';
import { useSession } from '@/lib/session';
import type { Viewer } from './get-posts';

/**
 * ['posts', 'detail', id, viewer]: under ['posts'], so creating, unlocking or emptying refreshes it.
 * The viewer keeps a visitor's locked copy from serving the same browser once signed in.
 */
export const postDetailKey = (id: string, viewer?: Viewer) =>
  viewer ? (['posts', 'detail', id, viewer] as const) : (['posts', 'detail', id] as const);

/** The reversal of original `originalId` (the reversal page), as ['posts', 'reversal', originalId, viewer]. */
export const reversalKey = (originalId: string, viewer: Viewer) => ['posts', 'reversal', originalId, viewer] as const;

export const getPost = (id: string, signal?: AbortSignal) =>
  api.get<PostDetail>(`/posts/${encodeURIComponent(id)}`, undefined, signal);

export const useViewer = (): Viewer => (useSession().isAuthenticated ? 'user' : 'visitor');

export const postQueryOptions = (id: string, viewer: Viewer) =>
  queryOptions({
    queryKey: postDetailKey(id, viewer),
    queryFn: ({ signal }) => getPost(id, signal),
    staleTime: TIMINGS.postDetailFresh,
    // The app-wide policy (one retry for a 5xx or network error, none for a 404), said here
    // because these options are also used to prefetch, outside the client defaults' reach.
    retry: retryTransientOnce,
    retryDelay,
    ...(viewer === 'visitor' ? firstViewData<PostDetail>(`/posts/${encodeURIComponent(id)}`) : {}),
  });

/** GET /posts/{id}: fresh for 5 minutes. */
export function usePost(id: string) {
  return useQuery(postQueryOptions(id, useViewer()));
}
