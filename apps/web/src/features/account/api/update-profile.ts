import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, profileUpdateSchema } from '@kettle/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';

export type ProfileUpdateValues = z.output<typeof profileUpdateSchema>;

export const updateProfile = (input: ProfileUpdateValues): Promise<CurrentUser> =>
  api.patch<CurrentUser>('/user/profile', input);

/** The response is the fresh user, so the cache is written directly instead of refetched. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
