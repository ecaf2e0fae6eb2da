import { useQuery } from '@tanstack/react-query';
import type { DevCheckout } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { retryOnce } from '@/lib/payment-error';

export const devCheckoutKey = (sessionId: string) => ['payments', 'dev-checkout', sessionId] as const;

export const getDevCheckout = (sessionId: string, signal?: AbortSignal) =>
  api.get<DevCheckout>(`/payments/dev-checkout/${encodeURIComponent(sessionId)}`, undefined, signal);

/** Kettle's own test checkout (dev provider): the bundle and price the session was created for. */
export function useDevCheckout(sessionId: string) {
  return useQuery({
    queryKey: devCheckoutKey(sessionId),
    queryFn: ({ signal }) => getDevCheckout(sessionId, signal),
    staleTime: 0,
    retry: retryOnce,
  });
}
