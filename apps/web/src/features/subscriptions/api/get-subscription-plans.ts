import { useQuery } from '@tanstack/react-query';
import type { SubscriptionPlansResponse } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './keys';

export const getSubscriptionPlans = (signal?: AbortSignal) =>
  api.get<SubscriptionPlansResponse>('/payments/subscription/plans', undefined, signal);

/** The monthly plans (product.md §7 caching: plans stay fresh for 10 minutes). */
export function useSubscriptionPlans(enabled = true) {
  return useQuery({
    queryKey: subscriptionKeys.plans,
    queryFn: ({ signal }) => getSubscriptionPlans(signal),
    staleTime: 10 * 60_000,
    enabled,
  });
}
