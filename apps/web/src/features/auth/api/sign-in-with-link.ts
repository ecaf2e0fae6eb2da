import { useMutation } from '@tanstack/react-query';
import { isTwoFactorChallenge, type SignInResult } from '@kettle/shared';
import { apiRequest } from '@/lib/api-client';
import { useStartSession } from './start-session';

/** Spends a mailed sign-in link (once) for what a password sign-in gives: a pair, or a code to ask for. */
export const signInWithLink = (token: string): Promise<SignInResult> =>
  apiRequest<SignInResult>(`/auth/sign-in-link/${encodeURIComponent(token)}`, { method: 'POST', anonymous: true });

export function useSignInWithLink() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: signInWithLink,
    onSuccess: async (result) => {
      if (!isTwoFactorChallenge(result)) await startSession(result);
    },
  });
}
