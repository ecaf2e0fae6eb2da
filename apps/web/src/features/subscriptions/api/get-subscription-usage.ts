import { useQuery } from '@tanstack/react-query';
import type { SubscriptionUsage } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './keys';

export const getSubscriptionUsage = (signal?: AbortSignal) =>
  api.get<SubscriptionUsage>('/payments/subscription/usage', undefined, signal);

/** Coins granted and spent in the current period; read afresh, since every spend changes it. */
export function useSubscriptionUsage(enabled: boolean) {
  return useQuery({
    queryKey: subscriptionKeys.usage,
    queryFn: ({ signal }) => getSubscriptionUsage(signal),
    staleTime: 0,
    enabled,
  });
}
