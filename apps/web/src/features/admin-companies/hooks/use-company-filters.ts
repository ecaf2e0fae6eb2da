import { COMPANY_SEARCH_MAX } from '@kettle/shared';
import { useCallback } from 'react';
import { useAddressParams } from '@/lib/use-address-params';
import type { CompanyVerifiedFilter } from '../api/get-admin-companies';

const readVerified = (value: string | null): CompanyVerifiedFilter | undefined =>
  value === 'true' || value === 'false' ? value : undefined;

/** The search, verification filter and page of /admin/companies, kept in the query string. */
export function useCompanyFilters() {
  const { searchParams, page, setPage, setFilter } = useAddressParams();
  const search = searchParams.get('search')?.trim().slice(0, COMPANY_SEARCH_MAX) || undefined;
  const verified = readVerified(searchParams.get('verified'));
  const setSearch = useCallback((next: string) => setFilter('search', next), [setFilter]);
  const setVerified = useCallback(
    (next: CompanyVerifiedFilter | undefined) => setFilter('verified', next),
    [setFilter],
  );
  return { search, verified, page, setSearch, setVerified, setPage };
}
