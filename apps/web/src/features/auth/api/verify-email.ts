import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';

export const verifyEmail = (token: string): Promise<MessageResponse> =>
  api.post<MessageResponse>(`/auth/verify-email/${encodeURIComponent(token)}`);

/** A signed-in user's `email_verified` flag changes, so their cached profile is refreshed. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
