import { useQuery } from '@tanstack/react-query';
import type { Subscription } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './keys';

/** GET /payments/subscription: the running subscription, or null. */
export const getSubscription = async (signal?: AbortSignal): Promise<Subscription | null> =>
  (await api.get<Subscription | null>('/payments/subscription', undefined, signal)) ?? null;

/**
 * `waitingForProvider`: back from a paid checkout, the provider's notification may not have
 * arrived yet; ask again every two seconds until the subscription shows up.
 */
export function useSubscription(options: { waitingForProvider?: boolean } = {}) {
  return useQuery({
    queryKey: subscriptionKeys.current,
    queryFn: ({ signal }) => getSubscription(signal),
    staleTime: 30_000,
    refetchInterval: (query) => (options.waitingForProvider && query.state.data === null ? 2_000 : false),
  });
}
