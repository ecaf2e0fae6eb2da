import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlockList } from '@kettle/shared';
import { api } from '@/lib/api-client';

/**
 * The signed-in user's blocked users. Blocking from a comment menu (features/comments) refreshes
 * every query whose key contains 'blocks', so this list is current when My Account opens.
 */
export const blocksKey = ['blocks'] as const;

export const getBlocks = (signal?: AbortSignal) => api.get<BlockList>('/users/me/blocks', undefined, signal);

export const blocksQueryOptions = () =>
  queryOptions({ queryKey: blocksKey, queryFn: ({ signal }) => getBlocks(signal) });

export function useBlocks(enabled = true) {
  return useQuery({ ...blocksQueryOptions(), enabled });
}
