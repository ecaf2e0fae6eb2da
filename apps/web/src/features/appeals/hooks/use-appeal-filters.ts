import { APPEAL_STATUSES, type AppealStatus } from '@kettle/shared';
import { useCallback } from 'react';
import { useAddressParams } from '@/lib/use-address-params';

const isAppealStatus = (value: string | null): value is AppealStatus =>
  APPEAL_STATUSES.some((status) => status === value);

/** The queue's tab and page in the query string; the pending tab is the default and leaves no trace. */
export function useAppealFilters() {
  const { searchParams, page, setPage, setFilter } = useAddressParams();
  const raw = searchParams.get('status');
  const status: AppealStatus = isAppealStatus(raw) ? raw : 'pending';
  const setStatus = useCallback(
    (next: AppealStatus) => setFilter('status', next === 'pending' ? undefined : next),
    [setFilter],
  );
  return { status, page, setStatus, setPage };
}
