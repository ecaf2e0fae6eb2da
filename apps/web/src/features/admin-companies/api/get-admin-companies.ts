import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TIMINGS, type AdminCompanyList } from '@kettle/shared';
import { api } from '@/lib/api-client';

export type CompanyVerifiedFilter = 'true' | 'false';
export type AdminCompaniesRequest = { search?: string; verified?: CompanyVerifiedFilter; skip: number; limit: number };

/** Every admin company query starts here, so a verification change refreshes every page. */
export const adminCompaniesRootKey = ['company', 'admin'] as const;
export const adminCompaniesKey = (params: AdminCompaniesRequest) => [...adminCompaniesRootKey, params] as const;

export const getAdminCompanies = (params: AdminCompaniesRequest, signal?: AbortSignal) =>
  api.get<AdminCompanyList>('/admin/companies', params, signal);

const adminCompaniesOptions = (params: AdminCompaniesRequest) =>
  queryOptions({
    queryKey: adminCompaniesKey(params),
    queryFn: ({ signal }) => getAdminCompanies(params, signal),
    staleTime: TIMINGS.userListStale,
  });

/** GET /admin/companies: newest first, searched by name, handle or owner, filtered by verification. */
export function useAdminCompanies(params: AdminCompaniesRequest) {
  return useQuery({ ...adminCompaniesOptions(params), placeholderData: keepPreviousData });
}
