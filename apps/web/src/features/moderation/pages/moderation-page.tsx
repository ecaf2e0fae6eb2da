import { GUARD_FLAG_LABELS, GUARD_FLAGS, PAGE_SIZES, type GuardFlag } from '@kettle/shared';
import { CupSoda } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination as PaginationControls } from '@/components/ui/pagination';
import { QueryState } from '@/components/ui/query-state';
import { apiErrorMessage } from '@/lib/api-error-message';
import { cn } from '@/lib/cn';
import { readPage } from '@/lib/use-address-params';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminPosts } from '../api/admin-posts';
import { ModerationCard } from '../components/moderation-card';
import { ModerationSkeleton } from '../components/moderation-skeleton';

const PAGE_SIZE = PAGE_SIZES.posts;

const readFlag = (value: string | null): GuardFlag | undefined => GUARD_FLAGS.find((flag) => flag === value);

/** The address of a queue view: its flag filter and page, the defaults left out. */
const addressOf = (flag: GuardFlag | undefined, page: number) => ({
  ...(flag ? { flag } : {}),
  ...(page > 1 ? { page: String(page) } : {}),
});

/** All pending teas, or only those the privacy guard flagged one way (published ones too: the scan's). */
function QueueFilters({ current }: { current: GuardFlag | undefined }) {
  const views: Array<[GuardFlag | undefined, string]> = [
    [undefined, 'All pending'],
    ...GUARD_FLAGS.map((flag): [GuardFlag, string] => [flag, GUARD_FLAG_LABELS[flag]]),
  ];
  return (
    <nav aria-label="Queue filters" className="mb-5 flex flex-wrap gap-2">
      {views.map(([flag, label]) => (
        <Link
          key={label}
          to={flag ? `?flag=${flag}` : '?'}
          aria-current={flag === current ? 'page' : undefined}
          className={cn(
            'rounded-full border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted',
            flag === current && 'border-primary bg-primary text-primary-foreground hover:bg-primary/90',
          )}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

/** Pending teas and reversals, oldest first, 9 a page; or the teas a privacy flag names. */
export function ModerationPage() {
  usePageTitle('Moderation Queue');
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams.get('page'));
  const flag = readFlag(searchParams.get('flag'));
  const query = useAdminPosts({
    ...(flag ? { flag } : { status: 'pending' as const }),
    order: 'oldest',
    skip: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  const total = query.data?.metadata.total_elements ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const goTo = (next: number) => {
    setSearchParams(addressOf(flag, next));
    window.scrollTo({ top: 0 });
  };

  // The last card of the last page was moderated: step back to a page that still has teas.
  const overshot = query.isSuccess && !query.isPlaceholderData && page > totalPages;
  useEffect(() => {
    if (overshot) setSearchParams(addressOf(flag, totalPages), { replace: true });
  }, [overshot, totalPages, flag, setSearchParams]);

  const teas = (n: number) => `${n} ${n === 1 ? 'tea' : 'teas'}`;
  const description = query.data
    ? total === 0
      ? 'Nothing to review right now.'
      : flag
        ? `${teas(total)} flagged “${GUARD_FLAG_LABELS[flag]}” by the privacy guard, oldest first.`
        : `${teas(total)} waiting for review, oldest first.`
    : 'Pending teas and reversals, oldest first.';

  return (
    <>
      <PageHeader title="Moderation Queue" description={description} />
      <QueueFilters current={flag} />
      <QueryState
        query={query}
        loading={<ModerationSkeleton />}
        error={{ title: 'Error Loading Teas', message: (error) => apiErrorMessage(error, 'Failed to fetch posts') }}
        empty={{
          when: (data) => data.data.length === 0,
          view: (
            <EmptyState
              icon={CupSoda}
              title={flag ? `No teas flagged “${GUARD_FLAG_LABELS[flag]}”` : 'No teas waiting for review'}
              description={
                flag
                  ? 'The privacy guard flags teas as they are submitted, and when the admin home’s scan runs.'
                  : 'New teas and reversals show up here as soon as they are submitted.'
              }
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
