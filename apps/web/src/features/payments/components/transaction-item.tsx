import { formatCount, type Transaction } from '@kettle/shared';
import { formatMoney, planLabel } from '@/lib/format-money';
import { PaymentStatusBadge } from './payment-status-badge';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One purchase: bundle, date, coins (with bonus), amount and status; stacks on phones. */
export function TransactionItem({ transaction: t }: { transaction: Transaction }) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold">{planLabel(t.plan_id)} bundle</p>
        <p className="text-sm text-muted-foreground">
          <time dateTime={t.created_at}>{dateFormat.format(new Date(t.created_at))}</time>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, reference </span>
          <span className="font-mono text-xs" title={t.id}>
            {t.id.slice(0, 8)}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 sm:justify-end">
        <div className="sm:text-right">
          <p className="font-semibold tabular-nums">{formatCount(t.total_coins)} coins</p>
          {t.bonus_coins > 0 ? (
            <p className="text-xs text-muted-foreground">
              {formatCount(t.coins_purchased)} + {formatCount(t.bonus_coins)} bonus
            </p>
          ) : null}
        </div>
        <p className="font-semibold tabular-nums">{formatMoney(t.amount, t.currency)}</p>
        <PaymentStatusBadge status={t.payment_status} />
      </div>
    </li>
  );
}
