import { PAGE_SIZES, formatCount } from '@kettle/shared';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useTeaAppeals } from '@/features/appeals/hooks/use-tea-appeals';
import { useCategories, useStates } from '@/lib/taxonomy';
import { usePageTitle } from '@/lib/use-page-title';
import { usePageTurns } from '@/lib/use-page-turns';
import { useMyPosts, usePrefetchNextMyPosts, type MyPostsRequest } from '../api/get-my-posts';
import { FilterBar, hasFilters } from '../components/filter-bar';
import { MyTeasResults } from '../components/my-teas-results';
import { useListFilters } from '../hooks/use-list-filters';

const PAGE_SIZE = PAGE_SIZES.myTeas;

/** A list that failed to load counts as empty, so a named filter does not wait for ever. */
const loadedOrEmpty = <T,>(query: { data: T[] | undefined; isError: boolean }) =>
  query.data ?? (query.isError ? [] : undefined);

function totalLine(total: number | undefined): string {
  if (total === undefined) return 'Loading your teas…';
  if (total === 0) return 'No teas found';
  return `${formatCount(total)} total ${total === 1 ? 'tea' : 'teas'}`;
}

/** The signed-in user's own teas with their moderation status, filtered and paged (product.md §2). */
export function MyTeasPage() {
  usePageTitle('My Teas');
  const categories = useCategories();
  const states = useStates();
  const list = useListFilters({ categories: loadedOrEmpty(categories), states: loadedOrEmpty(states) });
  const { filters, page, setFilters, setPage } = list;

  const params: MyPostsRequest = {
    ...list.ids,
    search: filters.search,
    status: filters.status,
    skip: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
  const query = useMyPosts(params, list.ready && !list.unknown);
  const total = list.unknown ? 0 : query.data?.metadata.total_elements;
  const totalPages = Math.max(1, Math.ceil((total ?? 0) / PAGE_SIZE));
  const current = query.isSuccess && !query.isPlaceholderData;
  usePrefetchNextMyPosts(params, current, total ?? 0);
  const handlePageChange = usePageTurns({ page, totalPages, current, setPage });
  const renderAppeal = useTeaAppeals(query.data?.data);

  return (
    <>
      <PageHeader
        title="My Teas"
        // The list below says what failed; 'Loading' beside it would not be true.
        description={query.isError && total === undefined ? undefined : totalLine(total)}
        actions={
          <Button asChild>
            <Link to="/submit">
              <Plus aria-hidden="true" /> Create New Tea
            </Link>
          </Button>
        }
      />
      <FilterBar
        value={filters}
        onChange={setFilters}
        categories={categories.data ?? []}
        states={states.data ?? []}
        clearLabel="Clear All Filters"
      />
      <MyTeasResults
        query={query}
        nothingMatches={list.unknown}
        filtered={hasFilters(filters)}
        pageSize={PAGE_SIZE}
        page={page}
        totalPages={totalPages}
        onPageChange={handlePageChange}
        onClearFilters={() => setFilters({})}
        renderAction={renderAppeal}
      />
    </>
  );
}
