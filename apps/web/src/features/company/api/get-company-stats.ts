import { useQuery } from '@tanstack/react-query';
import type { CompanyStats } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

export const getCompanyStats = (signal?: AbortSignal) => api.get<CompanyStats>('/company/stats', undefined, signal);

/** Counts over approved posts tagging the company's handle; read afresh on each visit. */
export function useCompanyStats(enabled: boolean) {
  return useQuery({
    queryKey: companyKeys.stats,
    queryFn: ({ signal }) => getCompanyStats(signal),
    staleTime: 0,
    enabled,
  });
}
