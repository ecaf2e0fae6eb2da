import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENFORCEMENT_MESSAGES, type AccountAction, type AccountActionData } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast-store';
import { adminUsersRootKey } from './get-admin-users';

export type IssueAccountActionVariables = { id: string; action: AccountActionData };

export const issueAccountAction = ({ id, action }: IssueAccountActionVariables) =>
  api.post<AccountAction>(`/admin/users/${encodeURIComponent(id)}/actions`, action);

/**
 * POST /admin/users/{id}/actions. The answer is the action, not the user, and a ban deactivates
 * the account: so every admin user query (lists, details, histories) is read again.
 */
export function useIssueAccountAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueAccountAction,
    onSuccess: async (action) => {
      toastSuccess(ENFORCEMENT_MESSAGES.issued[action.kind]);
      await queryClient.invalidateQueries({ queryKey: adminUsersRootKey });
    },
  });
}
