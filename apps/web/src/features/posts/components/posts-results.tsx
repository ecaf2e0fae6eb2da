import type { PostCardList } from '@kettle/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, Coffee, RotateCcw, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { apiErrorMessage } from '@/lib/api-error-message';
import { MyTeasSkeleton } from './my-teas-skeleton';
import { PostCard } from './post-card';
import { TEA_GRID } from './tea-grid';

type PostsResultsProps = {
  query: UseQueryResult<PostCardList>;
  filtered: boolean;
  pageSize: number;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  onClearFilters: () => void;
};

/** The list part of All Teas: skeleton, error, the two empty states, or cards with pagination. */
export function PostsResults(props: PostsResultsProps) {
  const { query, filtered, pageSize, page, totalPages, onPageChange, onClearFilters } = props;

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
    if (filtered) {
      return (
        <EmptyState
          icon={SearchX}
          title="No posts match your filters"
          description="Try another category, state or search, or clear the filters to see every tea."
          action={<Button onClick={onClearFilters}>Clear Filters</Button>}
        />
      );
    }
    return (
      <EmptyState
        icon={Coffee}
        title="No posts available yet"
        description="When moderators approve the first teas, they appear here."
      />
    );
  }
  return (
    <>
      <div className={TEA_GRID} aria-busy={query.isPlaceholderData}>
        {query.data.data.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </div>
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </>
  );
}
