import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMINGS, type Category, type CategoryList } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { firstViewData } from '@/lib/first-view';

export const categoriesQueryKey = ['categories', 'list'] as const;

export const getCategories = async (signal?: AbortSignal): Promise<Category[]> =>
  (await api.get<CategoryList>('/categories/', undefined, signal)).data;

/** Cached 5 minutes (spec §7); writes update this cache in place. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: TIMINGS.categoriesStale,
    ...firstViewData('/categories/', undefined, (list: CategoryList) => list.data),
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
