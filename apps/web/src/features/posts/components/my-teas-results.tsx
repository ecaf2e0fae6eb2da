import type { MyPostList } from '@kettle/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, CupSoda, Plus, RotateCcw, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { apiErrorMessage } from '@/lib/api-error-message';
import { MyTeaCard } from './my-tea-card';
import { MyTeasSkeleton } from './my-teas-skeleton';
import { TEA_GRID } from './tea-grid';

type MyTeasResultsProps = {
  query: UseQueryResult<MyPostList>;
  /** A category or state in the address bar that does not exist: nothing can match. */
  nothingMatches: boolean;
  filtered: boolean;
  pageSize: number;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  onClearFilters: () => void;
};

/** The list part of My Teas: skeleton, error, the two empty states, or cards with pagination. */
export function MyTeasResults(props: MyTeasResultsProps) {
  const { query, nothingMatches, filtered, pageSize, page, totalPages, onPageChange, onClearFilters } = props;
  const noMatch = (
    <EmptyState
      icon={SearchX}
      title="No teas match your filters"
      description="Try another category, state or search, or clear the filters to see all your teas."
      action={<Button onClick={onClearFilters}>Clear Filters</Button>}
    />
  );

  if (nothingMatches) return noMatch;
  if (query.isPending) return <MyTeasSkeleton count={pageSize} />;
  if (query.isError) {
    return (
      <EmptyState
        icon={CircleAlert}
        title="Error Loading Teas"
        description={apiErrorMessage(query.error, 'Failed to fetch your teas')}
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
    return (
      <EmptyState
        icon={CupSoda}
        title="You haven't created any teas yet"
        description="Spill your first tea. Once it is submitted you can follow its review here."
        action={
          <Button asChild>
            <Link to="/submit">
              <Plus aria-hidden="true" /> Create Your First Post
            </Link>
          </Button>
        }
      />
    );
  }
  return (
    <>
      <div className={TEA_GRID} aria-busy={query.isPlaceholderData}>
        {query.data.data.map((post) => (
          <MyTeaCard key={post.id} post={post} />
        ))}
      </div>
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </>
  );
}
