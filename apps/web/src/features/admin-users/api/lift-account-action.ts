import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIFT_MESSAGES, type AccountAction } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast-store';
import { adminUsersRootKey } from './get-admin-users';

export type LiftAccountActionVariables = { userId: string; actionId: string; reason: string };

export const liftAccountAction = ({ userId, actionId, reason }: LiftAccountActionVariables) =>
  api.post<AccountAction>(`/admin/users/${encodeURIComponent(userId)}/actions/${encodeURIComponent(actionId)}/lift`, {
    reason,
  });

/** POST .../lift: the account's standing and history change, so every admin user query is read again. */
export function useLiftAccountAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: liftAccountAction,
    onSuccess: async (action) => {
      toastSuccess(action.kind === 'ban' ? LIFT_MESSAGES.lifted.ban : LIFT_MESSAGES.lifted.suspension);
      await queryClient.invalidateQueries({ queryKey: adminUsersRootKey });
    },
  });
}
