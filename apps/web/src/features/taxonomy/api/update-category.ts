import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryValues } from '@kettle/shared';
import { api, ApiError } from '@/lib/api-client';
import { categoriesQueryKey } from '@/lib/taxonomy';
import { withItem, withoutItem } from './list-cache';

export type UpdateCategoryInput = { id: string; values: CategoryValues };

export const updateCategory = ({ id, values }: UpdateCategoryInput): Promise<Category> =>
  api.put<Category>(`/categories/admin/${id}`, values);

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: (category) => queryClient.setQueryData(categoriesQueryKey, withItem(category)),
    // Another admin deleted it meanwhile: stop showing it.
    onError: (error, { id }) => {
      if (error instanceof ApiError && error.status === 404)
        queryClient.setQueryData(categoriesQueryKey, withoutItem<Category>(id));
    },
  });
}
