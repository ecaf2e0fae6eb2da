import { formatCount, type Plan } from '@kettle/shared';
import { Coins, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format-money';

type PlanCardProps = {
  plan: Plan;
  /** 'Best value' or 'Popular': a ribbon above the card. */
  highlight?: string;
  /** This card's checkout is being started. */
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
};

/** One bundle of product.md §9: coins, bonus, price and the button that starts its checkout. */
export function PlanCard({ plan, highlight, busy, disabled, onChoose }: PlanCardProps) {
  const titleId = useId();
  const total = plan.coins + plan.bonus_coins;
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col items-center gap-4 px-6 pb-6 pt-8 text-center',
        highlight && 'border-primary',
      )}
    >
      {highlight ? (
        <span className="absolute -top-3 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
          {highlight}
        </span>
      ) : null}
      <h2 id={titleId} className="font-display text-2xl font-semibold">
        {plan.name}
      </h2>
      <div className="flex flex-col items-center gap-1">
        <Coins className="size-8 text-primary" aria-hidden="true" />
        <p className="text-4xl font-bold tabular-nums">{formatCount(plan.coins)}</p>
        <p className="text-sm text-muted-foreground">Tea Coins</p>
      </div>
      {plan.bonus_coins > 0 ? (
        <span className="rounded-full bg-success px-3 py-1 text-sm font-semibold text-success-foreground">
          +{formatCount(plan.bonus_coins)} bonus
        </span>
      ) : (
        <span className="rounded-full bg-muted px-3 py-1 text-sm text-muted-foreground">No bonus</span>
      )}
      <p className="text-sm text-muted-foreground">{formatCount(total)} coins in all</p>
      <p className="mt-auto text-3xl font-bold tabular-nums">{formatMoney(plan.price, plan.currency)}</p>
      <Button size="lg" className="w-full" onClick={onChoose} disabled={disabled} aria-busy={busy}>
        {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        {busy ? 'Redirecting...' : `Buy ${plan.name}`}
      </Button>
    </Card>
  );
}
