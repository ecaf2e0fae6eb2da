import { useQuery } from '@tanstack/react-query';
import type { InvoicePreview } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './keys';

export const getInvoicePreview = (priceId: string | null, signal?: AbortSignal) =>
  api.get<InvoicePreview>('/payments/subscription/invoice-preview', { price_id: priceId }, signal);

/** The next invoice: of the current plan (`null`), or what a change to `priceId` would cost. */
export function useInvoicePreview(priceId: string | null, enabled = true) {
  return useQuery({
    queryKey: subscriptionKeys.preview(priceId),
    queryFn: ({ signal }) => getInvoicePreview(priceId, signal),
    staleTime: 0,
    enabled,
  });
}
