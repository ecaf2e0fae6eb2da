import { useMutation } from '@tanstack/react-query';
import { ADMIN_USER_MESSAGES, type AdminUser } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast-store';
import { useUserChanged } from './use-user-changed';

export type UpdateUserStatusVariables = { id: string; is_active: boolean };

export const updateUserStatus = ({ id, is_active }: UpdateUserStatusVariables) =>
  api.put<AdminUser>(`/admin/users/${encodeURIComponent(id)}/status`, { is_active });

/** PUT /admin/users/{id}/status: deactivation signs the user out everywhere (server side). */
export function useUpdateUserStatus() {
  const userChanged = useUserChanged();
  return useMutation({
    mutationFn: updateUserStatus,
    onSuccess: async (user) => {
      toastSuccess(user.is_active ? ADMIN_USER_MESSAGES.activated : ADMIN_USER_MESSAGES.deactivated);
      await userChanged(user);
    },
  });
}
