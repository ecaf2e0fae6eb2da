import { useMutation } from '@tanstack/react-query';
import type { CheckoutSession, PlanKey } from '@kettle/shared';
import { api } from '@/lib/api-client';

/** product.md §7: the plan is sent by key ('gold'), the `_plan` suffix removed; price and coins are the server's. */
export const createCheckoutSession = (planKey: PlanKey) =>
  api.post<CheckoutSession>('/payments/create-checkout-session', { plan_id: planKey });

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
