import { useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@kettle/shared';
import { api } from '@/lib/api-client';

export const twoFactorKey = ['auth', '2fa'] as const;

export const getTwoFactor = (signal?: AbortSignal) => api.get<TwoFactorStatus>('/auth/2fa', undefined, signal);

/** GET /auth/2fa: on or off, and how many recovery codes are left (each sign-in may spend one). */
export function useTwoFactor() {
  return useQuery({ queryKey: twoFactorKey, queryFn: ({ signal }) => getTwoFactor(signal), staleTime: 0 });
}
