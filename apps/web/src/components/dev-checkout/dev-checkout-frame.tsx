import type { UseQueryResult } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { paymentErrorMessage } from '@/lib/payment-error';

function DevCheckoutSkeleton() {
  return (
    <Card role="status" aria-label="Loading checkout" className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col gap-4 px-6 py-8 sm:px-8">
        <Skeleton className="h-6 w-32 rounded-full" />
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-12 w-full" />
      </CardContent>
    </Card>
  );
}

/**
 * A dev checkout page's states: the card's skeleton; 'Checkout Not Found' (someone else's or an
 * unknown session) with a way on, since trying again cannot help; any other failure with Try Again.
 */
export function DevCheckoutFrame<T>({
  query,
  notFoundAction,
  children,
}: {
  query: UseQueryResult<T, unknown>;
  notFoundAction: ReactNode;
  children: (checkout: T) => ReactNode;
}) {
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) {
    return (
      <EmptyState
        headingLevel={1}
        icon={CircleAlert}
        title="Checkout Not Found"
        description={paymentErrorMessage(query.error)}
        action={notFoundAction}
      />
    );
  }
  return (
    <QueryState
      query={query}
      loading={<DevCheckoutSkeleton />}
      error={{ title: 'Unable to Load Checkout', headingLevel: 1, message: paymentErrorMessage }}
    >
      {children}
    </QueryState>
  );
}
