import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { TIMINGS, type Report, type ReportList, type ReportStatus } from '@kettle/shared';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { reportsKey } from '@/lib/reports';

export type AdminReportsRequest = { status?: ReportStatus; search?: string; skip: number; limit: number };

/** A page of the desk as the screen reads it: `data` for the shared list states, `skip` for 'Showing a-b'. */
export type AdminReportsPage = ReportList & { data: Report[]; skip: number };

export const adminReportsKey = (params: AdminReportsRequest) => [...reportsKey, 'admin', params] as const;

export const getAdminReports = (params: AdminReportsRequest, signal?: AbortSignal) =>
  api.get<ReportList>('/posts/admin/reports', params, signal);

const adminReportsOptions = (params: AdminReportsRequest) =>
  queryOptions({
    queryKey: adminReportsKey(params),
    queryFn: async ({ signal }): Promise<AdminReportsPage> => {
      const list = await getAdminReports(params, signal);
      return { ...list, data: list.reports, skip: params.skip };
    },
    staleTime: TIMINGS.postListFresh,
  });

export function useAdminReports(params: AdminReportsRequest) {
  return useQuery({ ...adminReportsOptions(params), placeholderData: keepPreviousData });
}

/** Once the current page has loaded and the server says there is a next one, fetch it after 500 ms (product.md §2). */
export function usePrefetchNextAdminReports(params: AdminReportsRequest, hasNext: boolean) {
  const queryClient = useQueryClient();
  const { status, search, skip, limit } = params;
  useEffect(() => {
    if (!hasNext) return;
    const next = { status, search, skip: skip + limit, limit };
    const timer = setTimeout(() => void queryClient.prefetchQuery(adminReportsOptions(next)), TIMINGS.prefetchDelay);
    return () => clearTimeout(timer);
  }, [queryClient, hasNext, status, search, skip, limit]);
}
