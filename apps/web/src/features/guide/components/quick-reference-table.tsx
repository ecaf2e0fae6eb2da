import type { CoinAction } from '@kettle/shared';
import { CoinCost } from './coin-cost';

/** Expects its rows already ordered; the page passes coinActionsByCost() so the order has one source. */
export function QuickReferenceTable({ actions }: { actions: ReadonlyArray<CoinAction> }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-card">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-4 pb-2 text-left text-sm text-muted-foreground">
          Every action and what it costs in Tea Coins, cheapest first.
        </caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="px-4 py-3 font-semibold">
              Action
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Cost
            </th>
          </tr>
        </thead>
        <tbody>
          {actions.map((action) => (
            <tr key={action.id} className="border-b border-border last:border-0">
              <th scope="row" className="px-4 py-3 font-medium">
                {action.name}
              </th>
              <td className="px-4 py-3 text-right">
                <CoinCost amount={action.cost} className="justify-end" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
