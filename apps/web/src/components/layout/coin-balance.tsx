import { abbreviateCoins, formatCount } from '@kettle/shared';
import { Coins } from 'lucide-react';
import { cn } from '@/lib/cn';

export function CoinBalance({ balance, className }: { balance: number; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full bg-secondary px-3 py-1 text-sm font-semibold text-secondary-foreground',
        className,
      )}
      title={`${formatCount(balance)} Tea Coins`}
    >
      <Coins className="size-4 text-primary" aria-hidden="true" />
      <span>{abbreviateCoins(balance)}</span>
      <span className="sr-only">Tea Coins</span>
    </span>
  );
}
