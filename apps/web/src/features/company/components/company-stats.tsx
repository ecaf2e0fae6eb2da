import { COMPANY_MESSAGES, formatCount } from '@kettle/shared';
import { QueryState } from '@/components/ui/query-state';
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
  return (
    <QueryState
      query={stats}
      loading={
        <div role="status" aria-label="Loading company numbers" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {LABELS.map(([key]) => (
            <Skeleton key={key} className="h-16" />
          ))}
        </div>
      }
      error={{ message: (error) => `${COMPANY_MESSAGES.statsFailed}. ${apiErrorMessage(error)}` }}
    >
      {(data) => (
        <dl aria-label="Approved posts tagging your handle" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {LABELS.map(([key, label]) => (
            <div key={key} className="rounded-xl border border-border bg-muted/30 p-3 text-center">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <StatValue value={data[key]} />
            </div>
          ))}
        </dl>
      )}
    </QueryState>
  );
}
