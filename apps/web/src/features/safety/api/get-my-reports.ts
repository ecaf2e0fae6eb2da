import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportList } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { reportsKey } from '@/lib/reports';

export type MyReportsRequest = { skip: number; limit: number };

/** Under ['reports'], so a new report (or an admin's update) refreshes the list. */
export const myReportsKey = (params: MyReportsRequest) => [...reportsKey, 'me', params] as const;

/** The caller's own post and comment reports and takedown requests, newest first. */
export const getMyReports = (params: MyReportsRequest, signal?: AbortSignal) =>
  api.get<ReportList>('/reports/me', params, signal);

export const myReportsQueryOptions = (params: MyReportsRequest) =>
  queryOptions({ queryKey: myReportsKey(params), queryFn: ({ signal }) => getMyReports(params, signal) });

export function useMyReports(params: MyReportsRequest, enabled = true) {
  return useQuery({ ...myReportsQueryOptions(params), enabled, placeholderData: keepPreviousData });
}
