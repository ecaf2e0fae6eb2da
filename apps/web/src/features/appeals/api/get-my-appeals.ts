import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AppealList } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { myAppealsKey } from './keys';

export const getMyAppeals = (page: number, signal?: AbortSignal) =>
  api.get<AppealList>('/appeals/mine', { page }, signal);

/** GET /appeals/mine: the caller's appeals, newest first, with the reviewer's reason once decided. */
export function useMyAppeals(page: number) {
  return useQuery({
    queryKey: myAppealsKey(page),
    queryFn: ({ signal }) => getMyAppeals(page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
