import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert, RotateCcw, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { EmptyState } from './empty-state';

/**
 * A screen's words for a failed load. A title makes it a panel (EmptyState), as a page or a list
 * says it; without one it is a line inside its card.
 */
export type QueryErrorText = {
  message: (error: unknown) => string | undefined;
  title?: string;
  icon?: LucideIcon;
  headingLevel?: 1 | 2;
};

export type QueryStateProps<T> = {
  query: UseQueryResult<T, unknown>;
  loading: ReactNode;
  error: QueryErrorText;
  empty?: { when: (data: T) => boolean; view: ReactNode };
  children: (data: T) => ReactNode;
};

/**
 * One query's first load: the skeleton, the failure with Try Again, the empty view, or the data.
 * A failed refresh shows the failure too: these views have no stale-data banner (ListResults does).
 */
export function QueryState<T>({ query, loading, error, empty, children }: QueryStateProps<T>) {
  if (query.isPending) return loading;
  if (query.isError) {
    const retry = { onRetry: () => void query.refetch(), retrying: query.isFetching };
    const message = error.message(query.error);
    return error.title ? (
      <EmptyState
        icon={error.icon ?? CircleAlert}
        title={error.title}
        description={message}
        headingLevel={error.headingLevel}
        action={<RetryButton {...retry} />}
      />
    ) : (
      <InlineQueryError message={message} {...retry} />
    );
  }
  if (empty?.when(query.data)) return empty.view;
  return children(query.data);
}

type Retry = { onRetry: () => void; retrying: boolean };

/** A panel's Try Again is its main action; a line's is a small outlined one beside the text. */
function RetryButton({ onRetry, retrying, small = false }: Retry & { small?: boolean }) {
  return (
    <Button
      variant={small ? 'outline' : 'default'}
      size={small ? 'sm' : 'default'}
      onClick={onRetry}
      disabled={retrying}
    >
      <RotateCcw aria-hidden="true" /> Try Again
    </Button>
  );
}

function InlineQueryError({ message, ...retry }: Retry & { message: string | undefined }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <p className="flex items-center gap-2 text-sm">
        <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />
        {message}
      </p>
      <RetryButton small {...retry} />
    </div>
  );
}
