import { PAGE_SIZES, PAYMENT_MESSAGES } from '@kettle/shared';
import { CircleAlert, Coins, RotateCcw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useLedger } from '../api/get-ledger';
import { LedgerItem } from './ledger-item';

/** Same page size as the transaction history beside it. */
const PAGE_SIZE = PAGE_SIZES.transactions;

function LedgerSkeleton() {
  return (
    <div role="status" aria-label="Loading coin history" className="divide-y divide-border">
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="flex justify-between gap-4 py-3">
          <div className="flex flex-col gap-2">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-4 w-36" />
          </div>
          <div className="flex flex-col items-end gap-2">
            <Skeleton className="h-5 w-12" />
            <Skeleton className="h-3 w-20" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Every earn and spend of the signed-in user's coins, newest first, 10 a page. */
export function CoinLedgerPanel() {
  const titleId = useId();
  const [page, setPage] = useState(1);
  const query = useLedger({ skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const total = query.data?.metadata.total_elements ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const overshot = query.isSuccess && !query.isPlaceholderData && page > totalPages;
  useEffect(() => {
    if (overshot) setPage(totalPages);
  }, [overshot, totalPages]);

  const handleRetry = () => void query.refetch();

  let body;
  if (query.isPending) body = <LedgerSkeleton />;
  else if (!query.data) {
    body = (
      <EmptyState
        icon={CircleAlert}
        title="Unable to Load Coin History"
        description={apiErrorMessage(query.error)}
        action={
          <Button onClick={handleRetry} disabled={query.isFetching}>
            <RotateCcw aria-hidden="true" /> Try Again
          </Button>
        }
      />
    );
  } else if (query.data.data.length === 0 && page === 1) {
    body = <EmptyState icon={Coins} title="No coin activity yet" description="Coins you earn and spend appear here." />;
  } else {
    body = (
      <>
        {query.isError ? (
          <p role="status" className="mb-2 rounded-lg bg-secondary px-3 py-2 text-sm text-secondary-foreground">
            {PAYMENT_MESSAGES.cachedData}
          </p>
        ) : null}
        <ul aria-label="Coin history" aria-busy={query.isPlaceholderData} className="divide-y divide-border">
          {query.data.data.map((entry) => (
            <LedgerItem key={entry.id} entry={entry} />
          ))}
        </ul>
        <Pagination page={page} totalPages={totalPages} onPageChange={setPage} className="mt-4" />
      </>
    );
  }

  return (
    <Card role="region" aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId} className="text-xl">
          Coin History
        </CardTitle>
        <CardDescription>Every coin you earned and spent, with the reason.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
