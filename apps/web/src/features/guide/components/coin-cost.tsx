import { Coins } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A price in Tea Coins. The icon is decorative, so the word "coins" carries the meaning for screen readers. */
export function CoinCost({ amount, className }: { amount: number; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 font-semibold tabular-nums', className)}>
      <Coins className="size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>{amount}</span>
      <span className="font-normal text-muted-foreground">coins</span>
    </span>
  );
}
