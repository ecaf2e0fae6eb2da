import { useQuery } from '@tanstack/react-query';
import type { Company } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { companyKeys } from './keys';

/** GET /company: the user's own profile, or null (200) when there is none yet. */
export const getCompany = (signal?: AbortSignal): Promise<Company | null> =>
  api.get<Company | null>('/company', undefined, signal);

export function useCompany() {
  return useQuery({ queryKey: companyKeys.mine, queryFn: ({ signal }) => getCompany(signal), staleTime: 60_000 });
}
