import { PAGE_SIZES, type OwnPostList, formatCount } from '@kettle/shared';
import { PageHeader } from '@/components/ui/page-header';
import { FilterBar, hasFilters } from '@/features/posts/components/filter-bar';
import { useAddressFilters } from '@/features/posts/hooks/use-address-filters';
import { useCategories, useStates } from '@/lib/taxonomy';
import { usePageTitle } from '@/lib/use-page-title';
import { usePageTurns } from '@/lib/use-page-turns';
import { useAdminFeed, usePrefetchNextAdminFeed, type AdminFeedRequest } from '../api/get-admin-feed';
import { AdminFeedResults } from '../components/admin-feed-results';
import { GuardSummaryPanel } from '../components/guard-summary-panel';

const PAGE_SIZE = PAGE_SIZES.posts;

/** A list that failed to load counts as empty, so a named filter does not wait for ever. */
const loadedOrEmpty = <T,>(query: { data: T[] | undefined; isError: boolean }) =>
  query.data ?? (query.isError ? [] : undefined);

function showing(list: OwnPostList | undefined, nothing: boolean): string {
  if (nothing) return 'No teas found';
  if (list === undefined) return 'Loading teas…';
  const total = list.metadata.total_elements;
  if (total === 0 || list.data.length === 0) return 'No teas found';
  const first = list.metadata.skip + 1;
  const last = list.metadata.skip + list.data.length;
  return `Showing ${formatCount(first)}-${formatCount(last)} of ${formatCount(total)} ${total === 1 ? 'tea' : 'teas'}`;
}

/** The admin home: every tea, any status, newest first, filtered in the address bar (product.md §2). */
export function AdminHomePage() {
  usePageTitle('Admin');
  const categories = useCategories();
  const states = useStates();
  const list = useAddressFilters({
    categories: loadedOrEmpty(categories),
    states: loadedOrEmpty(states),
    withStatus: true,
  });
  const { filters, page, setFilters, setPage } = list;

  const params: AdminFeedRequest = {
    ...list.ids,
    status: filters.status,
    search: filters.search,
    skip: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
  const query = useAdminFeed(params, list.ready && !list.unknown);
  const total = list.unknown ? 0 : (query.data?.metadata.total_elements ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = query.isSuccess && !query.isPlaceholderData;
  usePrefetchNextAdminFeed(params, current, total);

  const handlePageChange = usePageTurns({ page, totalPages, current, setPage });

  return (
    <>
      <PageHeader
        title="Tea Moderation Feed"
        // The list below says what failed; 'Loading' beside it would not be true.
        description={
          query.isError && query.data === undefined ? undefined : (
            <span aria-live="polite">{showing(query.data, list.unknown)}</span>
          )
        }
      />
      <GuardSummaryPanel />
      <FilterBar value={filters} onChange={setFilters} categories={categories.data ?? []} states={states.data ?? []} />
      <AdminFeedResults
        query={query}
        nothingMatches={list.unknown}
        filtered={hasFilters(filters)}
        pageSize={PAGE_SIZE}
        page={page}
        totalPages={totalPages}
        onPageChange={handlePageChange}
        onClearFilters={() => setFilters({})}
      />
    </>
  );
}
