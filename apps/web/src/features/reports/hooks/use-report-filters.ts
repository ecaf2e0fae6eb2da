import { REPORT_STATUSES, type ReportStatus } from '@kettle/shared';
import { useCallback } from 'react';
import { useAddressParams } from '@/lib/use-address-params';

const isReportStatus = (value: string | null): value is ReportStatus =>
  REPORT_STATUSES.some((status) => status === value);

/** The desk's status filter and page, kept in the query string (status, page). */
export function useReportFilters() {
  const { searchParams, page, setPage, setFilter } = useAddressParams();
  const rawStatus = searchParams.get('status');
  const status = isReportStatus(rawStatus) ? rawStatus : undefined;
  const setStatus = useCallback((next: ReportStatus | undefined) => setFilter('status', next), [setFilter]);
  return { status, page, setStatus, setPage };
}
