import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LedgerList } from '@kettle/shared';
import { api } from '@/lib/api-client';
import { ledgerKey } from '@/lib/current-user';

export type LedgerRequest = { skip: number; limit: number };

export const ledgerPageKey = (params: LedgerRequest) => [...ledgerKey, params] as const;

export const getLedger = (params: LedgerRequest, signal?: AbortSignal) =>
  api.get<LedgerList>('/coins/ledger', params, signal);

/**
 * The signed-in user's coin ledger, newest first. Read afresh on each visit: almost every action
 * in the app adds a row, and not all of them know about this list.
 */
export function useLedger(params: LedgerRequest) {
  return useQuery({
    queryKey: ledgerPageKey(params),
    queryFn: ({ signal }) => getLedger(params, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
