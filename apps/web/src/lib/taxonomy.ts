import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMINGS, type Category, type CategoryList, type StateList, type UsState } from '@kettle/shared';
import { api } from './api-client';
import { firstViewData } from './first-view';

// The category and state lists are reference data: the post forms and filters, the admin feed
// and moderation read them. Editing them (the admin's pages and writes) is the taxonomy feature.

export const categoriesQueryKey = ['categories', 'list'] as const;

export const getCategories = async (signal?: AbortSignal): Promise<Category[]> =>
  (await api.get<CategoryList>('/categories/', undefined, signal)).data;

/** Cached 5 minutes (product.md §7); writes update this cache in place. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: TIMINGS.categoriesStale,
    ...firstViewData('/categories/', undefined, (list: CategoryList) => list.data),
  });

export const useCategories = () => useQuery(categoriesQueryOptions());

export const statesQueryKey = ['states', 'list'] as const;

export const getStates = async (signal?: AbortSignal): Promise<UsState[]> =>
  (await api.get<StateList>('/states/', undefined, signal)).data;

/** Cached 5 minutes (product.md §7); writes update this cache in place. */
export const statesQueryOptions = () =>
  queryOptions({
    queryKey: statesQueryKey,
    queryFn: ({ signal }) => getStates(signal),
    staleTime: TIMINGS.categoriesStale,
    ...firstViewData('/states/', undefined, (list: StateList) => list.data),
  });

export const useStates = () => useQuery(statesQueryOptions());
