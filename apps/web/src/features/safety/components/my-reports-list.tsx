import { REPORT_MESSAGES, type Report } from '@kettle/shared';
import { CircleAlert, Eye, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { PostStatusBadge } from '@/components/ui/post-status-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { formatReportDate, REPORT_KIND_LABELS, reportReasonLabel } from '@/lib/reports';
import { useMyReports } from '../api/get-my-reports';

/** Ten at a time: a short list inside a tab. */
const PAGE_SIZE = 10;

function MyReportItem({ report }: { report: Report }) {
  return (
    <li className="grid gap-2 rounded-xl border border-border bg-card p-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="grid min-w-0 gap-1">
        <p className="break-words font-semibold">
          <span className="text-muted-foreground">{REPORT_KIND_LABELS[report.kind]}:</span> {reportReasonLabel(report)}
        </p>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span>
            Reported <time dateTime={report.created_at}>{formatReportDate(report.created_at)}</time>
          </span>
          <span>
            Reference <span className="font-mono text-foreground">{report.reference}</span>
          </span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <PostStatusBadge status={report.status} />
        {report.post_id ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`/posts/${report.post_id}`}>
              <Eye aria-hidden="true" /> View post
            </Link>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The signed-in user's own reports and takedown requests, with their statuses, paged. */
export function MyReportsList() {
  const [page, setPage] = useState(1);
  const query = useMyReports({ skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading your reports" className="grid gap-3">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-20 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/40 p-4">
        <p className="flex items-center gap-2 font-semibold">
          <CircleAlert className="size-4 text-destructive" aria-hidden="true" /> {REPORT_MESSAGES.loadFailed}
        </p>
        <p className="text-sm text-muted-foreground">{apiErrorMessage(query.error, REPORT_MESSAGES.fetchFailed)}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RotateCcw aria-hidden="true" /> Try Again
        </Button>
      </div>
    );
  }
  if (query.data.reports.length === 0 && page === 1) {
    return (
      <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
        You haven&apos;t reported anything yet.
      </p>
    );
  }
  return (
    <div aria-busy={query.isPlaceholderData}>
      <ul className="grid gap-3">
        {query.data.reports.map((report) => (
          <MyReportItem key={report.id} report={report} />
        ))}
      </ul>
      <Pagination
        page={page}
        totalPages={Math.max(1, query.data.total_pages)}
        onPageChange={setPage}
        className="mt-6"
      />
    </div>
  );
}
