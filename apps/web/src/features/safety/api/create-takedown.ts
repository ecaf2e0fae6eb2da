import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TakedownCreateData, TakedownCreated } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { reportsKey } from '@/lib/reports';

/** POST /moderation/requests: open to visitors; a signed-in sender's token links it to their reports. */
export const createTakedown = (input: TakedownCreateData) => api.post<TakedownCreated>('/moderation/requests', input);

export function useCreateTakedown() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTakedown,
    // A signed-in sender sees the new request under Report Status at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
}
