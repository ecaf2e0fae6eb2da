import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';
const SKELETON_CARDS = 6;

/** Loading, error, empty and filled states of a category or state grid. */
export function TaxonomyGrid<T extends { id: string }>({
  query,
  loadingLabel,
  failedTitle,
  empty,
  renderItem,
}: {
  query: UseQueryResult<T[]>;
  loadingLabel: string;
  failedTitle: string;
  empty: { icon: LucideIcon; title: string; description: string; action?: ReactNode };
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <QueryState
      query={query}
      loading={<GridSkeleton label={loadingLabel} />}
      // The title is the spec's fallback; the server's reason, when there is one, goes under it.
      error={{ title: failedTitle, message: (error) => (error instanceof ApiError ? error.message : undefined) }}
      empty={{ when: (data) => data.length === 0, view: <EmptyState {...empty} /> }}
    >
      {(data) => (
        <ul className={GRID}>
          {data.map((item) => (
            <li key={item.id}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function GridSkeleton({ label }: { label: string }) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <div className={GRID}>
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <Card key={i} className="flex flex-col gap-3 p-5">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="mt-2 h-4 w-24" />
          </Card>
        ))}
      </div>
    </div>
  );
}
