import { postCreateSchema } from '@kettle/shared';
import { useWatch } from 'react-hook-form';
import { useCoinCost, type CoinCost } from '@/lib/coin-cost';
import type { PostForm } from './use-post-form';

/** A bounty the schema accepts, or 0 while the field holds something it would refuse. */
const bountyOf = (typed: unknown): number => {
  const parsed = postCreateSchema.shape.bounty.safeParse(typed);
  return parsed.success ? parsed.data : 0;
};

/**
 * What submitting this form costs: the fee plus the bounty as typed (the bounty is escrowed with
 * the fee), against the balance. It follows every keystroke in the bounty field.
 */
export function usePostCost(form: PostForm, fee: number): { price: CoinCost; fee: number; bounty: number } {
  const bounty = bountyOf(useWatch({ control: form.control, name: 'bounty' }));
  return { price: useCoinCost(fee + bounty), fee, bounty };
}
