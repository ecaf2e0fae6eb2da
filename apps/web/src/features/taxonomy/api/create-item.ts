import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TaxonomyItem, TaxonomyKind, TaxonomyValues } from '../data/kinds';
import { withItem } from './list-cache';

export function useCreateItem(kind: TaxonomyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: TaxonomyValues) => api.post<TaxonomyItem>(`${kind.api}/admin/`, values),
    onSuccess: (item) => queryClient.setQueryData(kind.queryKey, withItem(item)),
  });
}
