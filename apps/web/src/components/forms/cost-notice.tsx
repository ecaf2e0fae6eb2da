import { COIN_MESSAGES, teaCoins } from '@kettle/shared';
import { Coins } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import type { CoinCost } from '@/lib/coin-cost';

/** "You need N more Tea Coins" and the way to more: shown while the confirm is disabled. */
export function Shortfall({ missing, id, className }: { missing: number; id?: string; className?: string }) {
  return (
    <p id={id} className={cn('text-sm text-destructive', className)}>
      <strong className="font-semibold">{COIN_MESSAGES.shortfall(missing)}.</strong>{' '}
      <Link to="/buy-coins" className="font-medium underline underline-offset-4">
        Buy Coins
      </Link>
    </p>
  );
}

type CostNoticeProps = {
  price: CoinCost;
  /** Give the confirm `aria-describedby={id}` so the cost and any shortfall are read with it. */
  id?: string;
  /** 'Price' for an unlock; 'Cost' otherwise. */
  label?: string;
  /** How the cost is made up (e.g. the fee plus a bounty). */
  detail?: ReactNode;
  /** One line under a small form (comments) instead of the panel. */
  inline?: boolean;
  /** Inline only: cost and balance for screen readers alone, where space is tight (the vote beside a title). */
  quiet?: boolean;
  className?: string;
};

/**
 * Every paid action's cost and the reader's balance, before they act (issue 10, item 11), and,
 * when the balance is short, how many coins are missing with a link to Buy Coins. A polite live
 * region, so a form's total (the bounty) changing is read out too.
 */
export function CostNotice({
  price,
  id,
  label = 'Cost',
  detail,
  inline = false,
  quiet = false,
  className,
}: CostNoticeProps) {
  const balance = price.balance === undefined ? '…' : teaCoins(price.balance);
  if (inline) {
    return (
      <div id={id} aria-live="polite" className={cn('grid gap-1 text-xs text-muted-foreground', className)}>
        <p className={quiet ? 'sr-only' : undefined}>
          {label}: <strong className="font-semibold text-foreground">{teaCoins(price.cost)}</strong> · Your balance:{' '}
          <strong className="font-semibold text-foreground">{balance}</strong>
        </p>
        {price.shortfall > 0 ? <Shortfall missing={price.shortfall} className="text-xs" /> : null}
      </div>
    );
  }
  return (
    <div
      id={id}
      aria-live="polite"
      className={cn(
        'grid gap-3 rounded-xl border bg-muted/40 p-4 text-sm',
        price.shortfall > 0 ? 'border-destructive/40' : 'border-border',
        className,
      )}
    >
      <dl className="grid grid-cols-2 gap-3">
        <div>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="flex items-center gap-1 font-semibold tabular-nums">
            <Coins className="size-4 shrink-0 text-primary" aria-hidden="true" />
            {teaCoins(price.cost)}
          </dd>
          {detail ? <dd className="text-xs text-muted-foreground">{detail}</dd> : null}
        </div>
        <div>
          <dt className="text-muted-foreground">Your balance</dt>
          <dd className="font-semibold tabular-nums">{balance}</dd>
        </div>
      </dl>
      {price.shortfall > 0 ? <Shortfall missing={price.shortfall} /> : null}
    </div>
  );
}
