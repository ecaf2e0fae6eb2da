import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@kettle/shared';
import { api } from '@/lib/api-client';

/** Always 202: the answer never reveals whether an account exists or is already verified. */
export const resendVerification = (email: string): Promise<MessageResponse> =>
  api.post<MessageResponse>('/auth/resend-verification', undefined, { email });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
