import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMINGS, type PostDetail } from '@kettle/shared';
import { api } from '@/lib/api-client';
import type { Viewer } from './get-posts';
import { reversalKey, useViewer } from './get-post';
import { retryDelay, retryTransientOnce } from '@/lib/query-retry';

export const getReversal = (originalId: string, signal?: AbortSignal) =>
  api.get<PostDetail>(`/posts/${encodeURIComponent(originalId)}/reversal`, undefined, signal);

export const reversalQueryOptions = (originalId: string, viewer: Viewer) =>
  queryOptions({
    queryKey: reversalKey(originalId, viewer),
    queryFn: ({ signal }) => getReversal(originalId, signal),
    staleTime: TIMINGS.postDetailFresh,
    retry: retryTransientOnce,
    retryDelay,
  });

/** GET /posts/{id}/reversal: the single-post cache rules (product.md §7). */
export function useReversal(originalId: string) {
  return useQuery(reversalQueryOptions(originalId, useViewer()));
}
