import type { OwnPostList } from '@kettle/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, Inbox, RotateCcw, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { MyTeasSkeleton } from '@/features/posts/components/my-teas-skeleton';
import { TEA_GRID } from '@/features/posts/components/tea-grid';
import { apiErrorMessage } from '@/lib/api-error-message';
import { AdminFeedCard } from './admin-feed-card';

type AdminFeedResultsProps = {
  query: UseQueryResult<OwnPostList>;
  /** A category or state in the address bar that does not exist: nothing can match. */
  nothingMatches: boolean;
  filtered: boolean;
  pageSize: number;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  onClearFilters: () => void;
};

/** The admin feed's list: skeleton, error, the two empty states, or cards with pagination. */
export function AdminFeedResults(props: AdminFeedResultsProps) {
  const { query, nothingMatches, filtered, pageSize, page, totalPages, onPageChange, onClearFilters } = props;
  const noMatch = (
    <EmptyState
      icon={SearchX}
      title="No posts match your filters"
      description="Try another category, state, status or search, or clear the filters."
      action={<Button onClick={onClearFilters}>Clear Filters</Button>}
    />
  );

  if (nothingMatches) return noMatch;
  if (query.isPending) return <MyTeasSkeleton count={pageSize} />;
  if (query.isError) {
    return (
      <EmptyState
        icon={CircleAlert}
        title="Error Loading Posts"
        description={apiErrorMessage(query.error, 'Failed to fetch posts')}
        action={
          <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RotateCcw aria-hidden="true" /> Try Again
          </Button>
        }
      />
    );
  }
  if (query.data.data.length === 0) {
    if (filtered) return noMatch;
    return <EmptyState icon={Inbox} title="No posts available yet" description="Submitted teas appear here." />;
  }
  return (
    <>
      <div className={TEA_GRID} aria-busy={query.isPlaceholderData}>
        {query.data.data.map((post) => (
          <AdminFeedCard key={post.id} post={post} />
        ))}
      </div>
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </>
  );
}
