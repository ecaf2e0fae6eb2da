import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { afterSubscriptionChange } from './keys';

export const applyCoupon = (couponCode: string) =>
  api.post<Subscription>('/payments/subscription/coupon/apply', { coupon_code: couponCode });

export function useApplyCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyCoupon,
    onSuccess: (subscription) => afterSubscriptionChange(queryClient, subscription),
  });
}
