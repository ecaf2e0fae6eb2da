import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TokenPair } from '@kettle/shared';
import { apiRequest } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';
import { setTokens } from '@/lib/session';

/** Spends a mailed sign-in link (once) for the same token pair a password sign-in gives. */
export const signInWithLink = (token: string): Promise<TokenPair> =>
  apiRequest<TokenPair>(`/auth/sign-in-link/${encodeURIComponent(token)}`, { method: 'POST', anonymous: true });

export function useSignInWithLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithLink,
    onSuccess: async (tokens) => {
      setTokens(tokens.access_token, tokens.refresh_token);
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
