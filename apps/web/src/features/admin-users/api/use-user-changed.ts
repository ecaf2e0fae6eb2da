import { useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserList } from '@kettle/shared';
import { useCallback } from 'react';
import { currentUserKey } from '@/lib/current-user';
import { adminUserKey } from './get-admin-user';
import { adminUserListsKey } from './get-admin-users';

/**
 * After any change to a user: show the server's copy at once (detail and every cached page),
 * then refetch the lists (a rename can move a user out of a search). When admins change their
 * own account, the header's balance and name follow.
 */
export function useUserChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    async (user: AdminUser) => {
      queryClient.setQueryData(adminUserKey(user.id), user);
      queryClient.setQueriesData<AdminUserList>({ queryKey: adminUserListsKey }, (list) =>
        list ? { ...list, data: list.data.map((item) => (item.id === user.id ? user : item)) } : list,
      );
      const refreshes = [queryClient.invalidateQueries({ queryKey: adminUserListsKey })];
      const me = queryClient.getQueryData<{ id: string }>(currentUserKey);
      if (me?.id === user.id) refreshes.push(queryClient.invalidateQueries({ queryKey: currentUserKey }));
      await Promise.all(refreshes);
    },
    [queryClient],
  );
}
