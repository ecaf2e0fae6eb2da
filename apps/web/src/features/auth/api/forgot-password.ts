import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@kettle/shared';
import { api } from '@/lib/api-client';

/** Always 202: the answer never reveals whether an account exists. */
export const forgotPassword = ({ email }: { email: string }): Promise<MessageResponse> =>
  api.post<MessageResponse>('/auth/forgot-password', undefined, { email });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
