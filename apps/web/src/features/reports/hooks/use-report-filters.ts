import { REPORT_STATUSES, type ReportStatus } from '@kettle/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const isReportStatus = (value: string | null): value is ReportStatus =>
  REPORT_STATUSES.some((status) => status === value);

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * The desk's status filter and page, kept in the query string (status, page). The address is
 * replaced, not pushed, so Back leaves the desk; a new status starts again at page 1.
 */
export function useReportFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const rawStatus = searchParams.get('status');
  const status = isReportStatus(rawStatus) ? rawStatus : undefined;
  const page = readPage(searchParams.get('page'));

  const setStatus = useCallback(
    (next: ReportStatus | undefined) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next) params.set('status', next);
          else params.delete('status');
          params.delete('page');
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const setPage = useCallback(
    (next: number) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next > 1) params.set('page', String(next));
          else params.delete('page');
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  return { status, page, setStatus, setPage };
}
