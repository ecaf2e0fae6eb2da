import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UsState, StateValues } from '@kettle/shared';
import { api, ApiError } from '@/lib/api-client';
import { statesQueryKey } from '@/lib/taxonomy';
import { withItem, withoutItem } from './list-cache';

export type UpdateStateInput = { id: string; values: StateValues };

export const updateState = ({ id, values }: UpdateStateInput): Promise<UsState> =>
  api.put<UsState>(`/states/admin/${id}`, values);

export function useUpdateState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateState,
    onSuccess: (state) => queryClient.setQueryData(statesQueryKey, withItem(state)),
    // Another admin deleted it meanwhile: stop showing it.
    onError: (error, { id }) => {
      if (error instanceof ApiError && error.status === 404)
        queryClient.setQueryData(statesQueryKey, withoutItem<UsState>(id));
    },
  });
}
