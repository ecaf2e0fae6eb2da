import { PLAN_KEYS, planKeyOf, type PlanKey } from '@kettle/shared';
import { useStartCheckout } from './use-start-checkout';

/** A bundle named by a return address or a purchase ('gold' or 'gold_plan'); null when it is not one of ours. */
export const planKeyFromText = (value: string | null | undefined): PlanKey | null =>
  PLAN_KEYS.find((key) => key === planKeyOf(value ?? '')) ?? null;

/**
 * 'Try Again' after a checkout that did not go through: a new checkout of the same bundle. Only
 * the bundle's name travels; the server prices it again.
 */
export function useRetryCheckout(plan: string | null | undefined) {
  const planKey = planKeyFromText(plan);
  const { start, choosing } = useStartCheckout();
  return {
    planKey,
    starting: choosing !== null,
    retry: () => {
      if (planKey) start(planKey);
    },
  };
}
