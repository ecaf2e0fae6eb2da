import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription, SubscriptionPriceId } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { afterSubscriptionChange } from './keys';

export const updateSubscriptionPlan = (priceId: SubscriptionPriceId) =>
  api.post<Subscription>('/payments/subscription/update-plan', { price_id: priceId });

/** Moves to another plan (the price prorated, the new coins from the next month). */
export function useUpdateSubscriptionPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscriptionPlan,
    onSuccess: (subscription) => afterSubscriptionChange(queryClient, subscription),
  });
}
