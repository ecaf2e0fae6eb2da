import { useQuery } from '@tanstack/react-query';
import type { AccountActionList } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { adminUsersRootKey } from './get-admin-users';

/** Under the admin users' root: the invalidation after any action refreshes this history too. */
export const userActionsKey = (id: string) => [...adminUsersRootKey, 'actions', id] as const;

export const getUserActions = (id: string, signal?: AbortSignal) =>
  api.get<AccountActionList>(`/admin/users/${encodeURIComponent(id)}/actions`, undefined, signal);

/** GET /admin/users/{id}/actions: every warning, suspension and ban of one user, newest first. */
export function useUserActions(id: string) {
  return useQuery({
    queryKey: userActionsKey(id),
    queryFn: ({ signal }) => getUserActions(id, signal),
    // Another admin may have acted since: read afresh each time the dialog opens.
    staleTime: 0,
  });
}
