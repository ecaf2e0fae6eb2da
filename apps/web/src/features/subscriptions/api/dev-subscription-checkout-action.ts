import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterSubscriptionChange, subscriptionKeys } from './keys';

export type DevSubscriptionAction = 'pay' | 'cancel';

export const submitDevSubscriptionCheckout = (sessionId: string, action: DevSubscriptionAction) =>
  api.post<{ redirect_url: string }>(`/payments/subscription/dev/${encodeURIComponent(sessionId)}`, { action });

/** Pay starts the subscription and credits its first month; Cancel closes the checkout. */
export function useDevSubscriptionCheckoutAction(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: DevSubscriptionAction) => submitDevSubscriptionCheckout(sessionId, action),
    onSuccess: (_answer, action) =>
      action === 'pay' ? afterSubscriptionChange(queryClient, undefined, true) : undefined,
    onError: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.devCheckout(sessionId) }),
  });
}
