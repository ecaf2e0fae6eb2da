import { useQueryClient } from '@tanstack/react-query';
import type { TokenPair } from '@kettle/shared';
import { currentUserKey } from '@/lib/current-user';
import { setTokens } from '@/lib/session';

/**
 * The one way a sign-in (password, mailed link, or either followed by a two-factor code) becomes a
 * session: store the pair, then read who signed in. The page decides where to go.
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  return async (tokens: TokenPair) => {
    setTokens(tokens.access_token, tokens.refresh_token);
    await queryClient.invalidateQueries({ queryKey: currentUserKey });
  };
}
