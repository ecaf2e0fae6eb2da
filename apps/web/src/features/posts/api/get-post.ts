import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMINGS, type PostDetail } from '@kettle/shared';
import { api, ApiError } from '@/lib/api-client';
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

/** Spec §7, single post: 3 retries; a 404 (or any other client error) will not change, so none. */
export const detailRetry = (failureCount: number, error: unknown): boolean =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 3;

/** Exponential backoff (2 s, 4 s, 8 s…) capped at 30 s. */
export const detailRetryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, TIMINGS.retryBackoffCap);

export const getPost = (id: string, signal?: AbortSignal) =>
  api.get<PostDetail>(`/posts/${encodeURIComponent(id)}`, undefined, signal);

export const useViewer = (): Viewer => (useSession().isAuthenticated ? 'user' : 'visitor');

export const postQueryOptions = (id: string, viewer: Viewer) =>
  queryOptions({
    queryKey: postDetailKey(id, viewer),
    queryFn: ({ signal }) => getPost(id, signal),
    staleTime: TIMINGS.postDetailFresh,
    retry: detailRetry,
    retryDelay: detailRetryDelay,
  });

/** GET /posts/{id}: fresh for 5 minutes. */
export function usePost(id: string) {
  return useQuery(postQueryOptions(id, useViewer()));
}
