import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { afterSubscriptionChange } from './keys';

export const cancelSubscription = () => api.post<Subscription>('/payments/subscription/cancel');

/** Cancel at period end: the plan keeps running (and its coins stay) until the period ends. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (subscription) => afterSubscriptionChange(queryClient, subscription),
  });
}
