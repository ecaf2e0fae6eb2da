import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import type { TaxonomyItem, TaxonomyKind } from '../data/kinds';
import { withoutItem } from './list-cache';

export function useDeleteItem(kind: TaxonomyKind) {
  const queryClient = useQueryClient();
  const forget = (id: string) => queryClient.setQueryData(kind.queryKey, withoutItem<TaxonomyItem>(id));
  return useMutation({
    mutationFn: (item: TaxonomyItem) => api.delete<void>(`${kind.api}/admin/${item.id}`),
    onSuccess: (_, item) => forget(item.id),
    // Already gone (another admin was quicker): the list should agree.
    onError: (error, item) => {
      if (error instanceof ApiError && error.status === 404) forget(item.id);
    },
  });
}
