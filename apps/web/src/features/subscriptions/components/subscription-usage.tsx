import { formatCount } from '@kettle/shared';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paymentErrorMessage } from '@/lib/payment-error';
import { useSubscriptionUsage } from '../api/get-subscription-usage';

/** Coins this period: what the plan granted, and what was spent since the period began. */
export function SubscriptionUsagePanel() {
  const usage = useSubscriptionUsage(true);
  return (
    <QueryState
      query={usage}
      loading={
        <div role="status" aria-label="Loading usage">
          <Skeleton className="h-16 w-full" />
        </div>
      }
      error={{ message: paymentErrorMessage }}
    >
      {({ coins_granted: granted, coins_spent: spent, plan_coins: planCoins }) => (
        <section aria-label="Coins this period" className="rounded-xl border border-border bg-muted/30 p-4">
          <h3 className="text-sm font-semibold">Coins this period</h3>
          <dl className="mt-2 grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-muted-foreground">Granted</dt>
              <dd className="text-xl font-bold tabular-nums">
                {formatCount(granted)}
                <span className="text-sm font-normal text-muted-foreground"> of {formatCount(planCoins)}</span>
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Spent</dt>
              <dd className="text-xl font-bold tabular-nums">{formatCount(spent)}</dd>
            </div>
          </dl>
        </section>
      )}
    </QueryState>
  );
}
