import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, TwoFactorEnableInput, TwoFactorSetup } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';
import { twoFactorKey } from './get-two-factor';

/** POST /auth/2fa/setup: a new secret, not in force until a code from it turns it on. */
export const startTwoFactorSetup = (): Promise<TwoFactorSetup> => api.post<TwoFactorSetup>('/auth/2fa/setup');

export const enableTwoFactor = (input: TwoFactorEnableInput): Promise<RecoveryCodes> =>
  api.post<RecoveryCodes>('/auth/2fa/enable', input);

export const useStartTwoFactorSetup = () => useMutation({ mutationFn: startTwoFactorSetup });

/** The status and /auth/me (`two_factor_enabled`, `two_factor_required`) change with it. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: twoFactorKey }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]);
    },
  });
}
