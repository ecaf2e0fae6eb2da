import { useQuery } from '@tanstack/react-query';
import type { Company } from '@kettle/shared';
import { api, ApiError } from '@/lib/api-client';
import { companyKeys } from './keys';

/** GET /company: the user's own profile; the API's 404 means "none yet", answered as null. */
export async function getCompany(signal?: AbortSignal): Promise<Company | null> {
  try {
    return await api.get<Company>('/company', undefined, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useCompany() {
  return useQuery({ queryKey: companyKeys.mine, queryFn: ({ signal }) => getCompany(signal), staleTime: 60_000 });
}
