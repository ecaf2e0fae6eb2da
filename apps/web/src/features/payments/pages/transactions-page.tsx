import { ShoppingBag } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/lib/use-page-title';
import { TransactionHistoryPanel } from '../components/transaction-history-panel';

const pageFrom = (value: string | null): number => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/** product.md §2 /transactions: the history panel alone, its page in the address bar so Back steps through it. */
export function TransactionsPage() {
  usePageTitle('Transactions');
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));

  const handlePageChange = useCallback(
    (next: number) => {
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next > 1) updated.set('page', String(next));
        else updated.delete('page');
        return updated;
      });
      window.scrollTo({ top: 0 });
    },
    [setParams],
  );

  return (
    <>
      <PageHeader
        title="Transactions"
        description="Every coin bundle you have bought, with its status."
        actions={
          <Button asChild>
            <Link to="/buy-coins">
              <ShoppingBag aria-hidden="true" /> Buy Coins
            </Link>
          </Button>
        }
      />
      <TransactionHistoryPanel page={page} onPageChange={handlePageChange} />
    </>
  );
}
