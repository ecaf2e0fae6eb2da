import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { loginSchema, TokenPair } from '@kettle/shared';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';
import { setTokens } from '@/lib/session';

export type LoginValues = z.output<typeof loginSchema>;

/** product.md §7: login is form-encoded, OAuth2 style, with the email sent as `username`. */
export function login({ email, password }: LoginValues): Promise<TokenPair> {
  const form = new URLSearchParams({ username: email, password });
  return apiRequest<TokenPair>('/auth/login', { method: 'POST', form, anonymous: true });
}

/** Stores the new session and refetches the current user; the page decides where to go. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (tokens) => {
      setTokens(tokens.access_token, tokens.refresh_token);
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
