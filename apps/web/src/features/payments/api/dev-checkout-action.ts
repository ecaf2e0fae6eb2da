import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DevCheckoutAction } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { devCheckoutKey } from './get-dev-checkout';
import { transactionsKey } from './get-transactions';

export const submitDevCheckout = (sessionId: string, action: DevCheckoutAction) =>
  api.post<{ redirect_url: string }>(`/payments/dev-checkout/${encodeURIComponent(sessionId)}`, { action });

/**
 * Pay, decline or cancel the test checkout. The server settles it through the same signed-notification
 * path as a real provider and answers where the browser goes next.
 */
export function useDevCheckoutAction(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: DevCheckoutAction) => submitDevCheckout(sessionId, action),
    // A refusal may mean it was settled meanwhile (another tab, an expiry): the page reads it again.
    // Not on success: the browser is leaving, and a refetch would flash 'Already Paid' first.
    onError: () => queryClient.invalidateQueries({ queryKey: devCheckoutKey(sessionId) }),
    // The purchase left 'pending' at once: a history cached earlier must not show it pending.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionsKey }),
  });
}
