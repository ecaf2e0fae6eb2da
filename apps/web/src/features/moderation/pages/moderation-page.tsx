import { PAGE_SIZES } from '@kettle/shared';
import { CupSoda } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination as PaginationControls } from '@/components/ui/pagination';
import { QueryState } from '@/components/ui/query-state';
import { apiErrorMessage } from '@/lib/api-error-message';
import { readPage } from '@/lib/use-address-params';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminPosts } from '../api/admin-posts';
import { ModerationCard } from '../components/moderation-card';
import { ModerationSkeleton } from '../components/moderation-skeleton';

const PAGE_SIZE = PAGE_SIZES.posts;

/** Pending teas and reversals, oldest first, 9 a page. */
export function ModerationPage() {
  usePageTitle('Moderation Queue');
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams.get('page'));
  const query = useAdminPosts({ status: 'pending', order: 'oldest', skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const total = query.data?.metadata.total_elements ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const goTo = (next: number) => {
    setSearchParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };

  // The last card of the last page was moderated: step back to a page that still has teas.
  const overshot = query.isSuccess && !query.isPlaceholderData && page > totalPages;
  useEffect(() => {
    if (overshot) setSearchParams(totalPages > 1 ? { page: String(totalPages) } : {}, { replace: true });
  }, [overshot, totalPages, setSearchParams]);

  const description = query.data
    ? total === 0
      ? 'Nothing to review right now.'
      : `${total} ${total === 1 ? 'tea' : 'teas'} waiting for review, oldest first.`
    : 'Pending teas and reversals, oldest first.';

  return (
    <>
      <PageHeader title="Moderation Queue" description={description} />
      <QueryState
        query={query}
        loading={<ModerationSkeleton />}
        error={{ title: 'Error Loading Teas', message: (error) => apiErrorMessage(error, 'Failed to fetch posts') }}
        empty={{
          when: (data) => data.data.length === 0,
          view: (
            <EmptyState
              icon={CupSoda}
              title="No teas waiting for review"
              description="New teas and reversals show up here as soon as they are submitted."
            />
          ),
        }}
      >
        {(data) => (
          <>
            <div className="grid gap-4 lg:grid-cols-2 xl:grid-cols-3" aria-busy={query.isFetching}>
              {data.data.map((post) => (
                <ModerationCard key={post.id} post={post} />
              ))}
            </div>
            <PaginationControls page={page} totalPages={totalPages} onPageChange={goTo} />
          </>
        )}
      </QueryState>
    </>
  );
}
