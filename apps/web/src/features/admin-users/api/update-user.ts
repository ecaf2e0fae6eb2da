import { useMutation } from '@tanstack/react-query';
import { ADMIN_USER_MESSAGES, type AdminUser, type AdminUserUpdateInput } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast-store';
import { useUserChanged } from './use-user-changed';

export type UpdateUserVariables = { id: string; changes: AdminUserUpdateInput };

export const updateUser = ({ id, changes }: UpdateUserVariables) =>
  api.put<AdminUser>(`/admin/users/${encodeURIComponent(id)}`, changes);

/** PUT /admin/users/{id} with only the fields that changed. */
export function useUpdateUser() {
  const userChanged = useUserChanged();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async (user) => {
      toastSuccess(ADMIN_USER_MESSAGES.updated);
      await userChanged(user);
    },
  });
}
