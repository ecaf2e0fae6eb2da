import { COMPANY_SEARCH_MAX, type AdminCompanyList, formatCount } from '@kettle/shared';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PageHeader } from '@/components/ui/page-header';
import { SearchBox } from '@/components/ui/search-box';
import { usePageTitle } from '@/lib/use-page-title';
import { usePageTurns } from '@/lib/use-page-turns';
import { useAdminCompanies, type AdminCompaniesRequest } from '../api/get-admin-companies';
import { AdminCompaniesResults } from '../components/admin-companies-results';
import { useCompanyFilters } from '../hooks/use-company-filters';

const PAGE_SIZE = 9;

function showing(list: AdminCompanyList | undefined): string {
  if (list === undefined) return 'Loading companies…';
  const total = list.metadata.total_elements;
  // The list below names the empty state; the count line only counts.
  if (total === 0 || list.data.length === 0) return '0 companies';
  const first = list.metadata.skip + 1;
  const last = list.metadata.skip + list.data.length;
  return `Showing ${formatCount(first)}-${formatCount(last)} of ${formatCount(total)} ${total === 1 ? 'company' : 'companies'}`;
}

/**
 * /admin/companies: every company profile, newest first. An admin verifies that a company owns
 * its handle before its owner sees report counts (issue 10); a new handle drops the verification.
 */
export function AdminCompaniesPage() {
  usePageTitle('Admin Companies');
  const filterId = useId();
  const { search, verified, page, setSearch, setVerified, setPage } = useCompanyFilters();
  const params: AdminCompaniesRequest = { search, verified, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
  const query = useAdminCompanies(params);
  const total = query.data?.metadata.total_elements ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = query.isSuccess && !query.isPlaceholderData;
  const handlePageChange = usePageTurns({ page, totalPages, current, setPage });

  return (
    <>
      <PageHeader
        title="Companies"
        description={
          query.isError && query.data === undefined ? undefined : <span aria-live="polite">{showing(query.data)}</span>
        }
      />
      <section aria-label="Filters" className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchBox
          value={search ?? ''}
          onSearch={setSearch}
          label="Search companies"
          placeholder="Search by name, handle or owner"
          maxLength={COMPANY_SEARCH_MAX}
          verbatim
          className="w-full max-w-xl"
        />
        <div className="flex w-full flex-col gap-1.5 sm:w-48">
          <Label htmlFor={filterId}>Verification</Label>
          <NativeSelect
            id={filterId}
            value={verified ?? ''}
            onChange={(event) =>
              setVerified(
                event.target.value === 'true' || event.target.value === 'false' ? event.target.value : undefined,
              )
            }
          >
            <option value="">All</option>
            <option value="false">Not verified</option>
            <option value="true">Verified</option>
          </NativeSelect>
        </div>
      </section>
      <AdminCompaniesResults
        query={query}
        filtered={search !== undefined || verified !== undefined}
        pageSize={PAGE_SIZE}
        page={page}
        totalPages={totalPages}
        onPageChange={handlePageChange}
        onClearFilters={() => {
          setSearch('');
          setVerified(undefined);
        }}
      />
    </>
  );
}
