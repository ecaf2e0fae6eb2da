import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import type { TaxonomyItem, TaxonomyKind, TaxonomyValues } from '../data/kinds';
import { withItem, withoutItem } from './list-cache';

export type UpdateItemInput = { id: string; values: TaxonomyValues };

export function useUpdateItem(kind: TaxonomyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: UpdateItemInput) => api.put<TaxonomyItem>(`${kind.api}/admin/${id}`, values),
    onSuccess: (item) => queryClient.setQueryData(kind.queryKey, withItem(item)),
    // Another admin deleted it meanwhile: stop showing it.
    onError: (error, { id }) => {
      if (error instanceof ApiError && error.status === 404)
        queryClient.setQueryData(kind.queryKey, withoutItem<TaxonomyItem>(id));
    },
  });
}
