import { teaCoins } from '@kettle/shared';
import { CostNotice } from '@/components/forms/cost-notice';
import type { usePostCost } from '../hooks/use-post-cost';

/** The submit and reversal forms' cost at the top, with the fee and the bounty when there is one. */
export function PostCostNotice({ cost, id, what }: { cost: ReturnType<typeof usePostCost>; id: string; what: string }) {
  const detail = cost.bounty > 0 ? `${teaCoins(cost.fee)} to ${what} + ${teaCoins(cost.bounty)} bounty` : undefined;
  return <CostNotice price={cost.price} id={id} detail={detail} />;
}
