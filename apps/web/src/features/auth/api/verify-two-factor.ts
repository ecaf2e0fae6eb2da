import { useMutation } from '@tanstack/react-query';
import type { TokenPair, TwoFactorVerifyInput } from '@kettle/shared';
import { apiRequest } from '@/lib/api-client';
import { useStartSession } from './start-session';

/** POST /auth/2fa/verify: the sign-in's challenge and a code (app or recovery) for the token pair. */
export const verifyTwoFactor = (input: TwoFactorVerifyInput): Promise<TokenPair> =>
  apiRequest<TokenPair>('/auth/2fa/verify', { method: 'POST', body: input, anonymous: true });

export function useVerifyTwoFactor() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: verifyTwoFactor, onSuccess: startSession });
}
