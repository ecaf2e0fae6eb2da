import { PAGE_SIZES, type PostCardList, formatCount } from '@kettle/shared';
import { PageHeader } from '@/components/ui/page-header';
import { useCategories, useStates } from '@/lib/taxonomy';
import { usePageTitle } from '@/lib/use-page-title';
import { usePageTurns } from '@/lib/use-page-turns';
import { usePosts, usePrefetchNextPosts, type PostsRequest } from '../api/get-posts';
import { FilterBar, hasFilters } from '../components/filter-bar';
import { PostsResults } from '../components/posts-results';
import { useAddressFilters } from '../hooks/use-address-filters';

const PAGE_SIZE = PAGE_SIZES.posts;

function totalLine(metadata: PostCardList['metadata'] | undefined): string {
  if (metadata === undefined) return 'Loading teas…';
  const total = metadata.total_elements;
  if (total === 0) return 'No teas found';
  if (metadata.total_capped) return `${formatCount(total)}+ teas`;
  return `${formatCount(total)} total ${total === 1 ? 'tea' : 'teas'}`;
}

/** 'All Teas': approved teas for everyone, filtered and paged in the address bar (product.md §2). */
export function HomePage() {
  usePageTitle('All Teas');
  const categories = useCategories();
  const states = useStates();
  const list = useAddressFilters({ categories: categories.data, states: states.data, withStatus: false });
  const { filters, page, setFilters, setPage } = list;

  // The API takes the category name and the state name or code as the address bar has them.
  const params: PostsRequest = {
    category: list.raw.category,
    state: list.raw.state,
    search: filters.search,
    skip: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
  const query = usePosts(params);
  const total = query.data?.metadata.total_elements ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = query.isSuccess && !query.isPlaceholderData;
  const failed = query.isError && query.data === undefined;
  usePrefetchNextPosts(params, current, total);
  const handlePageChange = usePageTurns({ page, totalPages, current, setPage });

  return (
    <>
      <PageHeader
        title="All Teas"
        // The list below says what failed; 'Loading' beside it would not be true.
        description={failed ? undefined : <span aria-live="polite">{totalLine(query.data?.metadata)}</span>}
      />
      <FilterBar
        value={filters}
        onChange={setFilters}
        categories={categories.data ?? []}
        states={states.data ?? []}
        showStatus={false}
      />
      <PostsResults
        query={query}
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
