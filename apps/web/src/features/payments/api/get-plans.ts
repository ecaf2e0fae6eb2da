import { useQuery } from '@tanstack/react-query';
import { TIMINGS, type PlansResponse } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { retryOnce } from '@/lib/payment-error';

export const plansKey = ['payments', 'plans'] as const;

export const getPlans = (signal?: AbortSignal) => api.get<PlansResponse>('/payments/plans', undefined, signal);

/** product.md §7: plans stay fresh 10 minutes. One retry only: after that the page shows the default bundles. */
export function usePlans() {
  return useQuery({
    queryKey: plansKey,
    queryFn: ({ signal }) => getPlans(signal),
    staleTime: TIMINGS.plansStale,
    retry: retryOnce,
  });
}
