import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UsState, StateValues } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { statesQueryKey } from '@/lib/taxonomy';
import { withItem } from './list-cache';

export const createState = (values: StateValues): Promise<UsState> => api.post<UsState>('/states/admin/', values);

export function useCreateState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createState,
    onSuccess: (state) => queryClient.setQueryData(statesQueryKey, withItem(state)),
  });
}
