import type { CoinAction } from '@kettle/shared';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { CoinCost } from './coin-cost';

export function ActionCards({ actions }: { actions: ReadonlyArray<CoinAction> }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="Coin actions">
      {actions.map((action) => (
        <li key={action.id}>
          <Card className="h-full">
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 pb-3">
              <h3 className="font-display text-lg font-semibold leading-tight">{action.name}</h3>
              <CoinCost
                amount={action.cost}
                className="rounded-full bg-secondary px-3 py-1 text-sm text-secondary-foreground"
              />
            </CardHeader>
            <CardContent>
              <p className="text-sm leading-relaxed text-muted-foreground">{action.explanation}</p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
