import { useMutation } from '@tanstack/react-query';
import { TWO_FACTOR_MESSAGES, type AdminUser } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast-store';
import { useUserChanged } from './use-user-changed';

export const resetTwoFactor = (id: string) =>
  api.delete<AdminUser>(`/admin/users/${encodeURIComponent(id)}/two-factor`);

/** DELETE /admin/users/{id}/two-factor: the member signs in with the password alone until they turn it on again. */
export function useResetTwoFactor() {
  const userChanged = useUserChanged();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: async (user) => {
      toastSuccess(TWO_FACTOR_MESSAGES.reset);
      await userChanged(user);
    },
  });
}
