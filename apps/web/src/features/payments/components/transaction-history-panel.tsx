import { PAGE_SIZES, PAYMENT_MESSAGES, formatCount } from '@kettle/shared';
import { CircleAlert, Download, Receipt, RotateCcw, ShoppingBag } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { NativeSelect } from '@/components/ui/native-select';
import { Pagination } from '@/components/ui/pagination';
import { downloadFile } from '@/lib/download-file';
import { paymentErrorMessage } from '@/lib/payment-error';
import { useTransactions } from '../api/get-transactions';
import {
  isTransactionSort,
  sortTransactions,
  TRANSACTION_SORTS,
  type TransactionSort,
} from '../utils/sort-transactions';
import { transactionsCsvFile, transactionsCsvFileName } from '../utils/transactions-csv';
import { CachedDataNotice } from './cached-data-notice';
import { TransactionItem } from './transaction-item';
import { TransactionsSkeleton } from './transactions-skeleton';

const PAGE_SIZE = PAGE_SIZES.transactions;

type TransactionHistoryPanelProps = {
  /** The page shown; left out, the panel keeps its own (My Account). */
  page?: number;
  onPageChange?: (page: number) => void;
};

function totalLine(total: number | undefined): string {
  if (total === undefined) return 'Your coin purchases.';
  if (total === 0) return 'No purchases yet.';
  return `${formatCount(total)} ${total === 1 ? 'purchase' : 'purchases'}.`;
}

/**
 * product.md §2 transaction history: the user's purchases 10 a page, sorted within the page, coloured
 * by status, exported as CSV. Used in My Account and alone on /transactions.
 */
export function TransactionHistoryPanel({ page: shownPage, onPageChange }: TransactionHistoryPanelProps) {
  const titleId = useId();
  const sortId = useId();
  const [ownPage, setOwnPage] = useState(1);
  const page = shownPage ?? ownPage;
  const setPage = onPageChange ?? setOwnPage;
  const [sort, setSort] = useState<TransactionSort>('newest');

  const query = useTransactions({ skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const total = query.data?.metadata.total_elements;
  const totalPages = Math.max(1, Math.ceil((total ?? 0) / PAGE_SIZE));
  const rows = useMemo(() => sortTransactions(query.data?.data ?? [], sort), [query.data, sort]);

  // Past the last page (a hand-edited address, or fewer purchases than before): go to the last one.
  const overshot = query.isSuccess && !query.isPlaceholderData && page > totalPages;
  useEffect(() => {
    if (overshot) setPage(totalPages);
  }, [overshot, totalPages, setPage]);

  const handleExport = () => downloadFile(transactionsCsvFile(rows), transactionsCsvFileName());
  const handleRetry = () => void query.refetch();

  let body;
  if (query.isPending) body = <TransactionsSkeleton />;
  else if (!query.data) {
    body = (
      <EmptyState
        icon={CircleAlert}
        title={PAYMENT_MESSAGES.transactionsFailed}
        description={paymentErrorMessage(query.error)}
        action={
          <Button onClick={handleRetry} disabled={query.isFetching}>
            <RotateCcw aria-hidden="true" /> Try Again
          </Button>
        }
      />
    );
  } else if (rows.length === 0 && page === 1) {
    body = (
      <EmptyState
        icon={Receipt}
        title="No transactions yet"
        description="Coin bundles you buy will show up here with their status."
        action={
          <Button asChild>
            <Link to="/purchase">
              <ShoppingBag aria-hidden="true" /> Buy Coins
            </Link>
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        {query.isError ? <CachedDataNotice onRetry={handleRetry} retrying={query.isFetching} /> : null}
        <ul aria-label="Transactions" aria-busy={query.isPlaceholderData} className="divide-y divide-border">
          {rows.map((t) => (
            <TransactionItem key={t.id} transaction={t} />
          ))}
        </ul>
        <Pagination page={page} totalPages={totalPages} onPageChange={setPage} className="mt-4" />
      </>
    );
  }

  return (
    <Card role="region" aria-labelledby={titleId} className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-end justify-between gap-4">
        <div>
          <CardTitle id={titleId} className="text-xl">
            Transaction History
          </CardTitle>
          <CardDescription>{totalLine(total)}</CardDescription>
        </div>
        <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
          <div className="flex min-w-40 flex-1 flex-col gap-1 sm:flex-none">
            <label htmlFor={sortId} className="text-xs font-medium text-muted-foreground">
              Sort by
            </label>
            <NativeSelect
              id={sortId}
              value={sort}
              onChange={(event) => {
                if (isTransactionSort(event.target.value)) setSort(event.target.value);
              }}
            >
              {TRANSACTION_SORTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button variant="outline" onClick={handleExport} disabled={rows.length === 0}>
            <Download aria-hidden="true" /> Export CSV
          </Button>
        </div>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
