import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TIMINGS, type TransactionList, type TransactionListQuery } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { retryOnce } from '@/lib/payment-error';

/** Every page of the history starts with this, so a finished purchase can invalidate them all. */
export const transactionsKey = ['payments', 'transactions'] as const;
export const transactionsPageKey = (params: TransactionListQuery) => [...transactionsKey, params] as const;

export const getTransactions = (params: TransactionListQuery, signal?: AbortSignal) =>
  api.get<TransactionList>('/payments/transactions', params, signal);

/** product.md §7: transactions stay fresh 5 minutes, with one retry. */
export function useTransactions(params: TransactionListQuery) {
  return useQuery({
    queryKey: transactionsPageKey(params),
    queryFn: ({ signal }) => getTransactions(params, signal),
    staleTime: TIMINGS.transactionsStale,
    retry: retryOnce,
    placeholderData: keepPreviousData,
  });
}
