import { useMutation } from '@tanstack/react-query';
import type { CheckoutSession, SubscriptionPriceId } from '@kettle/shared';
import { api } from '@/lib/api-client';

export const createSubscriptionCheckout = (priceId: SubscriptionPriceId) =>
  api.post<CheckoutSession>('/payments/subscription/checkout', { price_id: priceId });

/** Opens the provider's checkout for a monthly plan; the caller sends the browser to its url. */
export function useCreateSubscriptionCheckout() {
  return useMutation({ mutationFn: createSubscriptionCheckout });
}
