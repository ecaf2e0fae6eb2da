import type { Category, UsState } from '@kettle/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useAddressParams } from '@/lib/use-address-params';
import type { PostFilters } from '../components/filter-bar';
import { filtersToSearch, useListFilters } from './use-list-filters';

type Options = { categories: Category[] | undefined; states: UsState[] | undefined; withStatus: boolean };

/**
 * useListFilters for the feeds: the address bar is replaced rather than pushed, so filtering
 * and paging do not fill the history, and a list without a status filter ignores `status`.
 */
export function useAddressFilters({ categories, states, withStatus }: Options) {
  const list = useListFilters({ categories, states });
  const [searchParams, setSearchParams] = useSearchParams();
  const { setPage } = useAddressParams();

  const setFilters = useCallback(
    (next: PostFilters) =>
      setSearchParams(filtersToSearch(withStatus ? next : { ...next, status: undefined }), { replace: true }),
    [setSearchParams, withStatus],
  );
  const filters: PostFilters = withStatus ? list.filters : { ...list.filters, status: undefined };
  // As typed in the address bar: an API that resolves names itself need not wait for the lists.
  const raw = {
    category: searchParams.get('category')?.trim() || undefined,
    state: searchParams.get('state')?.trim() || undefined,
  };
  return { ...list, filters, raw, setFilters, setPage };
}
