import { useQuery } from '@tanstack/react-query';
import { TIMINGS, type AdminUser } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { adminUsersRootKey } from './get-admin-users';

export const adminUserKey = (id: string) => [...adminUsersRootKey, 'detail', id] as const;

export const getAdminUser = (id: string, signal?: AbortSignal) =>
  api.get<AdminUser>(`/users/admin/${encodeURIComponent(id)}`, undefined, signal);

/**
 * One user, fresh from the server: the coin dialog reads the balance here because the list
 * may be up to 2 minutes old. The list's copy shows meanwhile.
 */
export function useAdminUser(user: AdminUser) {
  return useQuery({
    queryKey: adminUserKey(user.id),
    queryFn: ({ signal }) => getAdminUser(user.id, signal),
    placeholderData: user,
    staleTime: TIMINGS.userListStale,
  });
}

/** A user known only by id (a report's author), read when the Take Action dialog opens for them. */
export function useAdminUserById(id: string) {
  return useQuery({
    queryKey: adminUserKey(id),
    queryFn: ({ signal }) => getAdminUser(id, signal),
    staleTime: TIMINGS.userListStale,
  });
}
