import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuardScanStatus, GuardSummary } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { adminPostsKey } from '@/lib/post-keys';
import { toastError } from '@/lib/toast-store';

/** Under ['posts', 'admin']: a moderator's decision on a tea refreshes the counts with the lists. */
export const guardSummaryKey = [...adminPostsKey, 'guard-summary'] as const;

/** While a scan runs its figures are read this often. */
const SCAN_POLL_MS = 2_000;

export function useGuardSummary() {
  return useQuery({
    queryKey: guardSummaryKey,
    queryFn: ({ signal }) => api.get<GuardSummary>('/guard/admin/summary', undefined, signal),
    refetchInterval: (query) => (query.state.data?.scan.running ? SCAN_POLL_MS : false),
  });
}

/** Starts the scan of what is published; the summary then follows it until it ends. */
export function useStartScan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<GuardScanStatus>('/guard/admin/scan'),
    onSuccess: (scan) => {
      client.setQueryData<GuardSummary>(guardSummaryKey, (old) => (old ? { ...old, scan } : old));
      return client.invalidateQueries({ queryKey: guardSummaryKey });
    },
    onError: (error) => toastError(apiErrorMessage(error, 'The scan could not start')),
  });
}
