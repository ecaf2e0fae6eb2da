import { useMutation } from '@tanstack/react-query';
import { COIN_MESSAGES, type AddCoinsInput, type AdminUser } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast-store';
import { useUserChanged } from './use-user-changed';

export type AddUserCoinsVariables = { id: string } & AddCoinsInput;

export const addUserCoins = ({ id, ...body }: AddUserCoinsVariables) =>
  api.post<AdminUser>(`/users/admin/${encodeURIComponent(id)}/add-coins`, body);

/** POST /users/admin/{id}/add-coins. */
export function useAddUserCoins() {
  const userChanged = useUserChanged();
  return useMutation({
    mutationFn: addUserCoins,
    onSuccess: async (user) => {
      toastSuccess(COIN_MESSAGES.balanceAdded);
      await userChanged(user);
    },
  });
}
