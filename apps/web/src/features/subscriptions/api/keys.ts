import type { QueryClient } from '@tanstack/react-query';
import type { Subscription } from '@kettle/shared';
import { currentUserKey, ledgerKey } from '@/lib/current-user';

/** Every subscription query starts with 'subscription', so one invalidation refreshes them all. */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  plans: ['subscription', 'plans'] as const,
  current: ['subscription', 'current'] as const,
  usage: ['subscription', 'usage'] as const,
  history: (params: { skip: number; limit: number }) => ['subscription', 'history', params] as const,
  preview: (priceId: string | null) => ['subscription', 'preview', priceId ?? 'current'] as const,
  devCheckout: (sessionId: string) => ['subscription', 'dev-checkout', sessionId] as const,
};

/**
 * After a change the server answered with the subscription as stored: show it at once, then
 * read usage, history and previews again. `coinsMoved` also refreshes the balance and ledger
 * (a month granted, a subscription started).
 */
export function afterSubscriptionChange(
  queryClient: QueryClient,
  subscription: Subscription | null | undefined,
  coinsMoved = false,
) {
  if (subscription !== undefined) {
    queryClient.setQueryData(subscriptionKeys.current, subscription?.status === 'canceled' ? null : subscription);
  }
  const refreshes = [queryClient.invalidateQueries({ queryKey: subscriptionKeys.all })];
  if (coinsMoved) {
    refreshes.push(queryClient.invalidateQueries({ queryKey: currentUserKey }));
    refreshes.push(queryClient.invalidateQueries({ queryKey: ledgerKey }));
  }
  return Promise.all(refreshes);
}
