import { useQuery } from '@tanstack/react-query';
import type { AppealableList } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { eligibleAppealsKey } from './keys';

export const getEligibleAppeals = (signal?: AbortSignal) =>
  api.get<AppealableList>('/appeals/eligible', undefined, signal);

/**
 * GET /appeals/eligible: the decisions about the caller still open to appeal. Read afresh on
 * each visit: a window closes, and an admin decides, at any time.
 */
export function useEligibleAppeals(enabled = true) {
  return useQuery({
    queryKey: eligibleAppealsKey,
    queryFn: ({ signal }) => getEligibleAppeals(signal),
    staleTime: 0,
    enabled,
  });
}
