import { useMutation } from '@tanstack/react-query';
import { isTwoFactorChallenge, type loginSchema, type SignInResult } from '@kettle/shared';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { useStartSession } from './start-session';

export type LoginValues = z.output<typeof loginSchema>;

/** product.md §7: login is form-encoded, OAuth2 style, with the email sent as `username`. */
export function login({ email, password }: LoginValues): Promise<SignInResult> {
  const form = new URLSearchParams({ username: email, password });
  return apiRequest<SignInResult>('/auth/login', { method: 'POST', form, anonymous: true });
}

/** Stores the new session, unless the account asks for a two-factor code first (no tokens yet). */
export function useLogin() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: login,
    onSuccess: async (result) => {
      if (!isTwoFactorChallenge(result)) await startSession(result);
    },
  });
}
