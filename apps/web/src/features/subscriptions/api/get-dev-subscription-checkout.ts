import { useQuery } from '@tanstack/react-query';
import type { DevSubscriptionCheckout } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './keys';

export const getDevSubscriptionCheckout = (sessionId: string, signal?: AbortSignal) =>
  api.get<DevSubscriptionCheckout>(`/payments/subscription/dev/${encodeURIComponent(sessionId)}`, undefined, signal);

/** Kettle's own subscription checkout (dev provider): the plan the session was opened for. */
export function useDevSubscriptionCheckout(sessionId: string) {
  return useQuery({
    queryKey: subscriptionKeys.devCheckout(sessionId),
    queryFn: ({ signal }) => getDevSubscriptionCheckout(sessionId, signal),
    staleTime: 0,
    retry: false,
  });
}
