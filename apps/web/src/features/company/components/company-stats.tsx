import { COMPANY_MESSAGES, formatCount } from '@kettle/shared';
import { CircleAlert, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useCompanyStats } from '../api/get-company-stats';

const LABELS = [
  ['posts', 'Posts'],
  ['votes', 'Votes'],
  ['reversals', 'Reversals'],
  ['reports', 'Reports'],
] as const;

/** A figure, or (reports before verification) the note that it is withheld. */
function StatValue({ value }: { value: number | null }) {
  if (value === null) {
    return <dd className="pt-1 text-xs leading-snug text-muted-foreground">{COMPANY_MESSAGES.reportsHidden}</dd>;
  }
  return <dd className="text-2xl font-bold tabular-nums">{formatCount(value)}</dd>;
}

/** What people say about the handle: approved posts tagging it, their votes, reversals and reports. */
export function CompanyStatsPanel() {
  const stats = useCompanyStats(true);
  if (stats.isPending) {
    return (
      <div role="status" aria-label="Loading company numbers" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {LABELS.map(([key]) => (
          <Skeleton key={key} className="h-16" />
        ))}
      </div>
    );
  }
  if (stats.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="flex items-center gap-2 text-sm">
          <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />
          {COMPANY_MESSAGES.statsFailed}. {apiErrorMessage(stats.error)}
        </p>
        <Button variant="outline" size="sm" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
          <RotateCcw aria-hidden="true" /> Try Again
        </Button>
      </div>
    );
  }
  return (
    <dl aria-label="Approved posts tagging your handle" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {LABELS.map(([key, label]) => (
        <div key={key} className="rounded-xl border border-border bg-muted/30 p-3 text-center">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <StatValue value={stats.data[key]} />
        </div>
      ))}
    </dl>
  );
}
