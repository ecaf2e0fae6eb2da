import { useQuery } from '@tanstack/react-query';
import type { AppealList } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { adminAppealsKey, type AdminAppealsRequest } from './keys';

export const getAdminAppeals = (params: AdminAppealsRequest, signal?: AbortSignal) =>
  api.get<AppealList>('/admin/appeals', params, signal);

/**
 * GET /admin/appeals: one status, one page. The page on screen stays while the next page of the
 * same tab loads; another tab starts from its skeleton rather than show the last tab's cards.
 */
export function useAdminAppeals(params: AdminAppealsRequest) {
  return useQuery({
    queryKey: adminAppealsKey(params),
    queryFn: ({ signal }) => getAdminAppeals(params, signal),
    staleTime: 0,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2]?.status === params.status ? previous : undefined,
  });
}
