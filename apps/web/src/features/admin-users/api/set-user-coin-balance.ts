import { useMutation } from '@tanstack/react-query';
import { COIN_MESSAGES, type AdminUser, type SetCoinBalanceInput } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast-store';
import { useUserChanged } from './use-user-changed';

export type SetUserCoinBalanceVariables = { id: string } & SetCoinBalanceInput;

export const setUserCoinBalance = ({ id, ...body }: SetUserCoinBalanceVariables) =>
  api.put<AdminUser>(`/users/admin/${encodeURIComponent(id)}/coin-balance`, body);

/** PUT /users/admin/{id}/coin-balance. */
export function useSetUserCoinBalance() {
  const userChanged = useUserChanged();
  return useMutation({
    mutationFn: setUserCoinBalance,
    onSuccess: async (user) => {
      toastSuccess(COIN_MESSAGES.balanceUpdated);
      await userChanged(user);
    },
  });
}
