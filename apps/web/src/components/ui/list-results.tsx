import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { CircleAlert, RotateCcw, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { apiErrorMessage } from '@/lib/api-error-message';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { Pagination } from './pagination';
import { StaleDataBanner } from './stale-data-banner';

type Texts = { title: string; description: string };

/** What a list screen hands its results component: the answer and the paging; texts are per list. */
export type ResultsProps<L> = {
  query: UseQueryResult<L>;
  /** A filter in the address bar that names nothing: no request can match. */
  nothingMatches?: boolean;
  filtered: boolean;
  /** How many skeleton cards to show while the first page loads. */
  pageSize?: number;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  onClearFilters: () => void;
};

export type ListResultsProps<T> = {
  query: UseQueryResult<{ data: T[] }>;
  /** A filter in the address bar that names nothing: no request can match. */
  nothingMatches?: boolean;
  filtered: boolean;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  onClearFilters: () => void;
  skeleton: ReactNode;
  error: { title: string; fallback: string };
  noMatch: Texts;
  empty: Texts & { icon: LucideIcon; action?: ReactNode };
  gridClassName: string;
  renderItem: (item: T) => ReactNode;
};

/**
 * A paged list's states, in the spec's order: skeleton, error with Try Again, the two empty states,
 * or items; a failed refresh keeps what was shown, under a banner.
 */
export function ListResults<T>(props: ListResultsProps<T>) {
  const { query, filtered, page, totalPages, onPageChange, onClearFilters } = props;
  const noMatch = (
    <EmptyState
      icon={SearchX}
      title={props.noMatch.title}
      description={props.noMatch.description}
      action={<Button onClick={onClearFilters}>Clear Filters</Button>}
    />
  );

  if (props.nothingMatches) return noMatch;
  if (query.isPending) return props.skeleton;
  // A failed refresh keeps the page already shown (below, with a banner); only a first load fails whole.
  if (query.isError && query.data === undefined) {
    return (
      <EmptyState
        icon={CircleAlert}
        title={props.error.title}
        description={apiErrorMessage(query.error, props.error.fallback)}
        action={
          <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RotateCcw aria-hidden="true" /> Try Again
          </Button>
        }
      />
    );
  }
  const stale = query.isError ? (
    <StaleDataBanner error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  ) : null;
  if (query.data.data.length === 0) {
    const { icon, title, description, action } = props.empty;
    return (
      <>
        {stale}
        {filtered ? noMatch : <EmptyState icon={icon} title={title} description={description} action={action} />}
      </>
    );
  }
  return (
    <>
      {stale}
      <div className={props.gridClassName} aria-busy={query.isPlaceholderData}>
        {query.data.data.map(props.renderItem)}
      </div>
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </>
  );
}
