import { PAGE_SIZES, REPORT_SEARCH_MAX, formatCount } from '@kettle/shared';
import { PageHeader } from '@/components/ui/page-header';
import { SearchBox } from '@/components/ui/search-box';
import { AuthorActionDialog } from '@/features/admin-users/components/author-action-dialog';
import { usePageTitle } from '@/lib/use-page-title';
import { usePageTurns } from '@/lib/use-page-turns';
import {
  useAdminReports,
  usePrefetchNextAdminReports,
  type AdminReportsPage,
  type AdminReportsRequest,
} from '../api/get-admin-reports';
import type { RenderAuthorAction } from '../components/admin-report-card';
import { AdminReportsResults } from '../components/admin-reports-results';
import { ReportStatusFilter } from '../components/report-status-filter';
import { useReportFilters } from '../hooks/use-report-filters';

const PAGE_SIZE = PAGE_SIZES.adminReports;

const renderAuthorAction: RenderAuthorAction = ({ authorId, postId }) => (
  <AuthorActionDialog author={{ id: authorId }} postId={postId} />
);

function showing(list: AdminReportsPage | undefined): string {
  if (list === undefined) return 'Loading reports…';
  // The list below names the empty state; the count line only counts.
  if (list.total === 0 || list.data.length === 0) return '0 reports';
  const first = list.skip + 1;
  const last = list.skip + list.data.length;
  return `Showing ${formatCount(first)}-${formatCount(last)} of ${formatCount(list.total)} ${list.total === 1 ? 'report' : 'reports'}`;
}

/**
 * /admin/reports: post and comment reports and takedown requests, 9 a page, by status and a search
 * (reference, email, or the named tea's title, handle or URL) (product.md §2).
 */
export function AdminReportsPage() {
  usePageTitle('Admin Reports');
  const { status, search, page, setStatus, setSearch, setPage, clearFilters } = useReportFilters();
  const params: AdminReportsRequest = { status, search, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
  const query = useAdminReports(params);
  const current = query.isSuccess && !query.isPlaceholderData;
  usePrefetchNextAdminReports(params, current && query.data.has_next);
  const totalPages = Math.max(1, query.data?.total_pages ?? 1);
  const handlePageChange = usePageTurns({ page, totalPages, current, setPage });

  return (
    <>
      <PageHeader
        title="Admin Reports Management"
        description={
          query.isError && query.data === undefined ? undefined : <span aria-live="polite">{showing(query.data)}</span>
        }
      />
      <SearchBox
        value={search ?? ''}
        onSearch={setSearch}
        label="Search reports"
        placeholder="Reference, email, or tea title, handle or URL"
        maxLength={REPORT_SEARCH_MAX}
        verbatim
        className="mb-4 max-w-xl"
      />
      <ReportStatusFilter value={status} onChange={setStatus} />
      <AdminReportsResults
        query={query}
        filtered={status !== undefined || search !== undefined}
        page={page}
        totalPages={totalPages}
        onPageChange={handlePageChange}
        onClearFilters={clearFilters}
        renderAuthorAction={renderAuthorAction}
      />
    </>
  );
}
