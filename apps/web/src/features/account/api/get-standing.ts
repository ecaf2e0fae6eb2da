import { useQuery } from '@tanstack/react-query';
import type { AccountStanding } from '@kettle/shared';
import { api } from '@/lib/api-client';

export const standingKey = ['users', 'me', 'standing'] as const;

export const getStanding = (signal?: AbortSignal) => api.get<AccountStanding>('/users/me/standing', undefined, signal);

/** GET /users/me/standing. Read afresh on each visit: a suspension can begin or end at any time. */
export function useStanding() {
  return useQuery({ queryKey: standingKey, queryFn: ({ signal }) => getStanding(signal), staleTime: 0 });
}
