import { ADMIN_USER_SEARCH_MAX } from '@kettle/shared';
import { useCallback } from 'react';
import { useAddressParams } from '@/lib/use-address-params';

/** The search and page of /admin/users, kept in the query string (search, page). */
export function useUserFilters() {
  const { searchParams, page, setPage, setFilter } = useAddressParams();
  const search = searchParams.get('search')?.trim().slice(0, ADMIN_USER_SEARCH_MAX) || undefined;
  const setSearch = useCallback((next: string) => setFilter('search', next), [setFilter]);
  return { search, page, setSearch, setPage };
}
