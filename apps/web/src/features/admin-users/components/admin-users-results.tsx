import { ADMIN_USER_MESSAGES, PAGE_SIZES, type AdminUserList } from '@kettle/shared';
import { Users } from 'lucide-react';
import { ListResults, type ResultsProps } from '@/components/ui/list-results';
import { AdminUserCard } from './admin-user-card';
import { AdminUsersSkeleton } from './admin-users-skeleton';
import { USER_GRID } from './user-grid';

type AdminUsersResultsProps = ResultsProps<AdminUserList> & {
  /** The signed-in admin, whose own card cannot deactivate or demote itself. */
  selfId: string | undefined;
};

/** The list's states: skeleton, 'Error Loading Users' with Try Again, the empty texts, or the cards. */
export function AdminUsersResults({ selfId, ...props }: AdminUsersResultsProps) {
  return (
    <ListResults
      {...props}
      skeleton={<AdminUsersSkeleton count={PAGE_SIZES.adminUsers} />}
      error={{ title: ADMIN_USER_MESSAGES.loadFailed, fallback: ADMIN_USER_MESSAGES.fetchFailed }}
      noMatch={{ title: 'No users found', description: 'No username or email matches your search.' }}
      empty={{ icon: Users, title: 'No users yet', description: 'Accounts appear here as people sign up.' }}
      gridClassName={USER_GRID}
      renderItem={(user) => <AdminUserCard key={user.id} user={user} isSelf={user.id === selfId} />}
    />
  );
}
