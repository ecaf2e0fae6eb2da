import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryValues } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { categoriesQueryKey } from '@/lib/taxonomy';
import { withItem } from './list-cache';

export const createCategory = (values: CategoryValues): Promise<Category> =>
  api.post<Category>('/categories/admin/', values);

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: (category) => queryClient.setQueryData(categoriesQueryKey, withItem(category)),
  });
}
