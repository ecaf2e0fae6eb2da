import { useQuery } from '@tanstack/react-query';
import type { CheckoutStatus } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { retryOnce } from '@/lib/payment-error';

/** How often the success page asks again while the provider's notification has not arrived. */
export const CHECKOUT_POLL_MS = 1_500;

export const checkoutStatusKey = (sessionId: string) => ['payments', 'checkout-session', sessionId] as const;

export const getCheckoutStatus = (sessionId: string, signal?: AbortSignal) =>
  api.get<CheckoutStatus>(`/payments/checkout-session/${encodeURIComponent(sessionId)}`, undefined, signal);

/**
 * The state of one checkout. While it is pending and `poll` is true it is asked again every
 * 1.5 s, so the page turns to 'Payment Successful!' as soon as the coins are in.
 */
export function useCheckoutStatus(sessionId: string, poll: boolean) {
  return useQuery({
    queryKey: checkoutStatusKey(sessionId),
    queryFn: ({ signal }) => getCheckoutStatus(sessionId, signal),
    enabled: Boolean(sessionId),
    // Never served from an earlier visit: the answer is the one thing this page is about.
    staleTime: 0,
    gcTime: 0,
    retry: retryOnce,
    refetchInterval: (query) => (poll && query.state.data?.payment_status === 'pending' ? CHECKOUT_POLL_MS : false),
  });
}
