import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SubscriptionHistory } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './keys';

export type HistoryRequest = { skip: number; limit: number };

export const getSubscriptionHistory = (params: HistoryRequest, signal?: AbortSignal) =>
  api.get<SubscriptionHistory>('/payments/subscription/history', params, signal);

/** The paid months and the coins each one credited, newest first. */
export function useSubscriptionHistory(params: HistoryRequest) {
  return useQuery({
    queryKey: subscriptionKeys.history(params),
    queryFn: ({ signal }) => getSubscriptionHistory(params, signal),
    placeholderData: keepPreviousData,
  });
}
