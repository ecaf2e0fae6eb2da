import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { afterSubscriptionChange } from './keys';

export const renewDevSubscription = () => api.post<Subscription>('/payments/subscription/dev/renew');

/** Dev provider only: the month ends now; the next one is granted (or a cancelled plan ends). */
export function useRenewDevSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewDevSubscription,
    onSuccess: (subscription) => afterSubscriptionChange(queryClient, subscription, true),
  });
}
