import { PLAN_KEYS, type Plan, type PlanKey } from '@kettle/shared';

type Plans = Record<PlanKey, Plan>;

/**
 * The ribbons on the bundle cards: 'Best value' on the most coins per dollar (computed, so a
 * configured price table keeps it honest) and 'Popular' on gold when gold is not already that.
 */
export function planHighlights(plans: Plans): Partial<Record<PlanKey, string>> {
  const rate = (plan: Plan) => (plan.price > 0 ? (plan.coins + plan.bonus_coins) / plan.price : 0);
  const best = PLAN_KEYS.reduce((a, b) => (rate(plans[b]) > rate(plans[a]) ? b : a));
  const highlights: Partial<Record<PlanKey, string>> = { [best]: 'Best value' };
  if (best !== 'gold') highlights.gold = 'Popular';
  return highlights;
}
