import { REPORT_SEARCH_MAX, REPORT_STATUSES, type ReportStatus } from '@kettle/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useAddressParams } from '@/lib/use-address-params';

const isReportStatus = (value: string | null): value is ReportStatus =>
  REPORT_STATUSES.some((status) => status === value);

/** The desk's status filter, search and page, kept in the query string (status, search, page). */
export function useReportFilters() {
  const { searchParams, page, setPage, setFilter } = useAddressParams();
  const [, setSearchParams] = useSearchParams();
  const rawStatus = searchParams.get('status');
  const status = isReportStatus(rawStatus) ? rawStatus : undefined;
  const search = searchParams.get('search')?.trim().slice(0, REPORT_SEARCH_MAX) || undefined;
  const setStatus = useCallback((next: ReportStatus | undefined) => setFilter('status', next), [setFilter]);
  const setSearch = useCallback((next: string) => setFilter('search', next), [setFilter]);
  // One replacement for both: two filter updates in a row would each start from the same address.
  const clearFilters = useCallback(() => setSearchParams(new URLSearchParams(), { replace: true }), [setSearchParams]);
  return { status, search, page, setStatus, setSearch, setPage, clearFilters };
}
