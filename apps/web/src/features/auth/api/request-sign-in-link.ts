import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, SignInLinkRequestInput } from '@kettle/shared';
import { api } from '@/lib/api-client';

/** Always 202: the answer never reveals whether an account exists. */
export const requestSignInLink = ({ email }: SignInLinkRequestInput): Promise<MessageResponse> =>
  api.post<MessageResponse>('/auth/sign-in-link', { email });

export const useRequestSignInLink = () => useMutation({ mutationFn: requestSignInLink });
