import { useQueryClient } from '@tanstack/react-query';
import { isEndedPaymentStatus, type CurrentUser } from '@kettle/shared';
import { useEffect, useState } from 'react';
import { currentUserKey, ledgerKey } from '@/lib/current-user';
import { useCheckoutStatus } from '../api/get-checkout-status';
import { transactionsKey } from '../api/get-transactions';

/** How long the success page keeps asking before it says the payment is still processing. */
export const CHECKOUT_POLL_LIMIT_MS = 20_000;

/**
 * The success page's view of one checkout: asked every 1.5 s for up to 20 s while pending. Once it
 * has succeeded, the new balance goes into the current user (the header shows it without a
 * reload) and the history and ledger are read again.
 */
export function useCheckoutResult(sessionId: string) {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), CHECKOUT_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);

  const query = useCheckoutStatus(sessionId, !timedOut);
  const queryClient = useQueryClient();
  const status = query.data?.payment_status;
  const balance = query.data?.coin_balance;

  // A checkout that ended unpaid: the history, if cached, must not keep showing it pending.
  const ended = status !== undefined && isEndedPaymentStatus(status);
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: transactionsKey });
  }, [ended, queryClient]);

  useEffect(() => {
    if (status !== 'succeeded' || balance === undefined) return;
    queryClient.setQueryData<CurrentUser>(currentUserKey, (user) => (user ? { ...user, coin_balance: balance } : user));
    // A /auth/me already in flight may carry the balance from before the purchase: read it again.
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
    void queryClient.invalidateQueries({ queryKey: transactionsKey });
    void queryClient.invalidateQueries({ queryKey: ledgerKey });
  }, [status, balance, queryClient]);

  return { query, timedOut };
}
