import { ADMIN_USER_SEARCH_MAX, PAGE_SIZES, type AdminUserList, formatCount } from '@kettle/shared';
import { PageHeader } from '@/components/ui/page-header';
import { SearchBox } from '@/components/ui/search-box';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/use-page-title';
import { usePageTurns } from '@/lib/use-page-turns';
import { useAdminUsers, usePrefetchNextAdminUsers, type AdminUsersRequest } from '../api/get-admin-users';
import { AdminUsersResults } from '../components/admin-users-results';
import { useUserFilters } from '../hooks/use-user-filters';

const PAGE_SIZE = PAGE_SIZES.adminUsers;

function showing(list: AdminUserList | undefined): string {
  if (list === undefined) return 'Loading users…';
  const total = list.metadata.total_elements;
  // The list below names the empty state; the count line only counts.
  if (total === 0 || list.data.length === 0) return '0 users';
  const first = list.metadata.skip + 1;
  const last = list.metadata.skip + list.data.length;
  return `Showing ${formatCount(first)}-${formatCount(last)} of ${formatCount(total)} ${total === 1 ? 'user' : 'users'}`;
}

/** /admin/users: every account, newest first, 9 a page, searched by username or email (product.md §2). */
export function AdminUsersPage() {
  usePageTitle('Admin Users');
  const me = useCurrentUser();
  const { search, page, setSearch, setPage } = useUserFilters();
  const params: AdminUsersRequest = { search, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
  const query = useAdminUsers(params);
  const total = query.data?.metadata.total_elements ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = query.isSuccess && !query.isPlaceholderData;
  usePrefetchNextAdminUsers(params, current, total);
  const handlePageChange = usePageTurns({ page, totalPages, current, setPage });

  return (
    <>
      <PageHeader
        title="User Management"
        description={
          query.isError && query.data === undefined ? undefined : <span aria-live="polite">{showing(query.data)}</span>
        }
      />
      <SearchBox
        value={search ?? ''}
        onSearch={setSearch}
        label="Search users"
        placeholder="Search by username or email"
        maxLength={ADMIN_USER_SEARCH_MAX}
        verbatim
        className="mb-6 max-w-xl"
      />
      <AdminUsersResults
        query={query}
        filtered={search !== undefined}
        page={page}
        totalPages={totalPages}
        onPageChange={handlePageChange}
        onClearFilters={() => setSearch('')}
        selfId={me.data?.id}
      />
    </>
  );
}
