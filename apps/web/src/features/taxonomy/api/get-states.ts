import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMINGS, type UsState, type StateList } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { firstViewData } from '@/lib/first-view';

export const statesQueryKey = ['states', 'list'] as const;

export const getStates = async (signal?: AbortSignal): Promise<UsState[]> =>
  (await api.get<StateList>('/states/', undefined, signal)).data;

/** Cached 5 minutes (spec §7); writes update this cache in place. */
export const statesQueryOptions = () =>
  queryOptions({
    queryKey: statesQueryKey,
    queryFn: ({ signal }) => getStates(signal),
    staleTime: TIMINGS.categoriesStale,
    ...firstViewData('/states/', undefined, (list: StateList) => list.data),
  });

export const useStates = () => useQuery(statesQueryOptions());
