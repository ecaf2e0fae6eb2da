import { formatCount } from '@kettle/shared';
import { ReceiptText } from 'lucide-react';
import { useId } from 'react';
import { QueryState } from '@/components/ui/query-state';
import { SkeletonStack } from '@/components/ui/skeleton';
import { paymentErrorMessage } from '@/lib/payment-error';
import { useSubscriptionHistory } from '../api/get-subscription-history';
import { formatCents, formatDay } from '../utils/format';

const HISTORY_PAGE = { skip: 0, limit: 12 };

/** The paid months, newest first, each with the coins it credited and what it cost. */
export function SubscriptionHistoryList() {
  const titleId = useId();
  const history = useSubscriptionHistory(HISTORY_PAGE);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h3 id={titleId} className="text-sm font-semibold">
        Payment history
      </h3>
      <QueryState
        query={history}
        loading={
          <SkeletonStack label="Loading payment history" rows={['h-10 w-full', 'h-10 w-full']} className="gap-2" />
        }
        error={{ message: paymentErrorMessage }}
        empty={{
          when: (data) => data.data.length === 0,
          view: (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <ReceiptText className="size-4 shrink-0" aria-hidden="true" /> No paid months yet.
            </p>
          ),
        }}
      >
        {(data) => (
          <ul className="divide-y divide-border" aria-label="Paid months">
            {data.data.map((grant) => (
              <li key={grant.invoice_id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  {formatDay(grant.period_start ?? grant.created_at)} – {formatDay(grant.period_end)}
                </span>
                <span className="flex items-center gap-3 tabular-nums">
                  <span className="font-semibold">+{formatCount(grant.coins)} coins</span>
                  <span className="text-muted-foreground">{formatCents(grant.amount_cents, grant.currency)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
