import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, TokenPair, UpdatePasswordInput } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { setTokens } from '@/lib/session';

export type UpdatePasswordResponse = MessageResponse & TokenPair;

export const updatePassword = (input: UpdatePasswordInput): Promise<UpdatePasswordResponse> =>
  api.post<UpdatePasswordResponse>('/auth/update-password', input);

/** The server revokes every other session, so this one continues on the tokens it returns. */
export const useUpdatePassword = () =>
  useMutation({
    mutationFn: updatePassword,
    onSuccess: (data) => setTokens(data.access_token, data.refresh_token),
  });
