import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UsState } from '@kettle/shared';
import { api, ApiError } from '@/lib/api-client';
import { statesQueryKey } from '@/lib/taxonomy';
import { withoutItem } from './list-cache';

export const deleteState = (state: UsState): Promise<void> => api.delete<void>(`/states/admin/${state.id}`);

export function useDeleteState() {
  const queryClient = useQueryClient();
  const forget = (id: string) => queryClient.setQueryData(statesQueryKey, withoutItem<UsState>(id));
  return useMutation({
    mutationFn: deleteState,
    onSuccess: (_, state) => forget(state.id),
    // Already gone (another admin was quicker): the list should agree.
    onError: (error, state) => {
      if (error instanceof ApiError && error.status === 404) forget(state.id);
    },
  });
}
