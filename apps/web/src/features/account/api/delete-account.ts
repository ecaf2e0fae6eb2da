import { useMutation } from '@tanstack/react-query';
import type { AccountDeletionInput, MessageResponse } from '@kettle/shared';
import { api } from '@/lib/api-client';

export const deleteAccount = (input: AccountDeletionInput): Promise<MessageResponse> =>
  api.delete<MessageResponse>('/users/me', input);

/** Nothing to invalidate: on success the whole session, cache included, goes. */
export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
