import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COIN_MESSAGES, type CurrentUser, type DailyDropResult, type DailyDropStatus } from '@kettle/shared';
import { api, ApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { currentUserKey } from '@/lib/current-user';
import { toastError, toastSuccess } from '@/lib/toast-store';

export const dailyDropKey = ['coins', 'daily-drop'] as const;

/** Whether today's drop is waiting; read afresh whenever the menu opens (30 s cache). */
export function useDailyDrop(enabled: boolean) {
  return useQuery({
    queryKey: dailyDropKey,
    queryFn: ({ signal }) => api.get<DailyDropStatus>('/coins/daily-drop', undefined, signal),
    enabled,
    staleTime: 30_000,
  });
}

export function useClaimDailyDrop() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DailyDropResult>('/coins/daily-drop'),
    onSuccess: async (result) => {
      toastSuccess(`+${result.coins_added} Tea Coins`, COIN_MESSAGES.dailyDropClaimed);
      client.setQueryData<DailyDropStatus>(dailyDropKey, (old) => ({
        amount: old?.amount ?? result.coins_added,
        available: false,
        next_drop_at: result.next_drop_at,
      }));
      // The new balance shows at once; the refetch confirms it.
      client.setQueryData<CurrentUser>(currentUserKey, (user) =>
        user ? { ...user, coin_balance: result.coin_balance } : user,
      );
      await client.invalidateQueries({ queryKey: currentUserKey });
    },
    onError: async (error) => {
      toastError(apiErrorMessage(error, 'Failed to claim the daily drop'));
      // 409: already claimed elsewhere (another tab); show the real status.
      if (error instanceof ApiError && error.status === 409) await client.invalidateQueries({ queryKey: dailyDropKey });
    },
  });
}
