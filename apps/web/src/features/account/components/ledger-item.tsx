import { formatCount, type LedgerEntry } from '@kettle/shared';
import { cn } from '@/lib/cn';
import { ledgerKindLabel } from '../utils/ledger-labels';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Kinds whose reason an admin types freely: only there does the kind add something the reason does
 * not say. Elsewhere the reason ('Unlocked "…"', 'Daily drop') already names it, and a chip
 * repeating it on every row was noise.
 */
const FREE_TEXT_KINDS = new Set(['admin_add', 'admin_set']);

/** One earn or spend: the change (green in, red out), why, when, and the balance after. */
export function LedgerItem({ entry }: { entry: LedgerEntry }) {
  const label = ledgerKindLabel(entry.kind);
  const showKind = Boolean(entry.reason) && FREE_TEXT_KINDS.has(entry.kind);
  const earned = entry.delta >= 0;
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <p className="break-words font-medium">{entry.reason || label}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          {showKind ? <span className="font-medium text-foreground">{label}</span> : null}
          <time dateTime={entry.created_at}>{dateFormat.format(new Date(entry.created_at))}</time>
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p
          data-direction={earned ? 'earn' : 'spend'}
          className={cn('font-semibold tabular-nums', earned ? 'text-success' : 'text-destructive')}
        >
          {earned ? '+' : '-'}
          {formatCount(Math.abs(entry.delta))}
          <span className="sr-only"> coins</span>
        </p>
        <p className="text-xs text-muted-foreground">Balance {formatCount(entry.balance_after)}</p>
      </div>
    </li>
  );
}
