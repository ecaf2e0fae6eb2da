import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@kettle/shared';
import { api } from '@/lib/api-client';

export type ResetPasswordVariables = { token: string; newPassword: string };

export const resetPassword = ({ token, newPassword }: ResetPasswordVariables): Promise<MessageResponse> =>
  api.post<MessageResponse>(`/auth/reset-password/${encodeURIComponent(token)}`, { new_password: newPassword });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
