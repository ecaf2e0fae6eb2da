import { useMutation } from '@tanstack/react-query';
import type { BillingPortal } from '@kettle/shared';
import { api } from '@/lib/api-client';

export const createBillingPortalSession = () =>
  api.post<BillingPortal>('/payments/subscription/create-billing-portal-session');

/** product.md §7: returns a url and the browser goes there (Stripe's portal, or My Account for the dev provider). */
export function useCreateBillingPortalSession() {
  return useMutation({ mutationFn: createBillingPortalSession });
}
