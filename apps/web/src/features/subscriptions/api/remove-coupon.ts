import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { afterSubscriptionChange } from './keys';

export const removeCoupon = () => api.delete<Subscription>('/payments/subscription/coupon/remove');

export function useRemoveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCoupon,
    onSuccess: (subscription) => afterSubscriptionChange(queryClient, subscription),
  });
}
