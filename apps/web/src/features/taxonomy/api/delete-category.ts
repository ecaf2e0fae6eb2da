import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@kettle/shared';
import { api, ApiError } from '@/lib/api-client';
import { categoriesQueryKey } from '@/lib/taxonomy';
import { withoutItem } from './list-cache';

export const deleteCategory = (category: Category): Promise<void> =>
  api.delete<void>(`/categories/admin/${category.id}`);

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  const forget = (id: string) => queryClient.setQueryData(categoriesQueryKey, withoutItem<Category>(id));
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: (_, category) => forget(category.id),
    // Already gone (another admin was quicker): the list should agree.
    onError: (error, category) => {
      if (error instanceof ApiError && error.status === 404) forget(category.id);
    },
  });
}
