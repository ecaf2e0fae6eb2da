import { GUARD_FLAG_LABELS, GUARD_FLAGS, formatCount, type GuardScanStatus } from '@kettle/shared';
import { ScanSearch, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Timestamp } from '@/components/ui/timestamp';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useGuardSummary, useStartScan } from '../api/guard-summary';

function ScanLine({ scan }: { scan: GuardScanStatus }) {
  const read = `${formatCount(scan.teas)} teas and ${formatCount(scan.comments)} comments read`;
  const flagged = `${formatCount(scan.flagged_teas + scan.flagged_comments)} newly flagged`;
  if (scan.running)
    return (
      <>
        Scanning: {read} so far, {flagged}.
      </>
    );
  if (!scan.finished_at) return <>Check teas and comments published before the guard, or since its rules changed.</>;
  return (
    <>
      {scan.failed ? 'The last scan stopped on an error' : 'Last scan'} <Timestamp iso={scan.finished_at} />: {read},{' '}
      {flagged}.
    </>
  );
}

/** One figure of the panel, a link to where its items are decided. */
function Figure({ to, count, label }: { to: string; count: number; label: string }) {
  return (
    <li>
      <Link to={to} className="grid rounded-lg border border-border p-3 hover:bg-muted">
        <span className="text-2xl font-semibold tabular-nums">{formatCount(count)}</span>
        <span className="text-xs text-muted-foreground">{label}</span>
      </Link>
    </li>
  );
}

/**
 * The admin home's privacy figures: open flags per kind (each a link to the queue filtered by it),
 * comments held or flagged (the privacy desk), and the scan of what is already published.
 */
export function GuardSummaryPanel() {
  const summary = useGuardSummary();
  const scan = useStartScan();
  if (summary.isPending) return <Skeleton className="mb-6 h-36 w-full" />;
  if (summary.isError) {
    return (
      <p role="alert" className="mb-6 text-sm text-destructive">
        {apiErrorMessage(summary.error, 'The privacy figures could not load.')}{' '}
        <Button variant="link" onClick={() => void summary.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  const { flags, held_comments: held, flagged_comments: flaggedComments } = summary.data;
  const running = summary.data.scan.running;
  return (
    <Card className="mb-6 grid gap-4 p-4 sm:p-5" role="region" aria-labelledby="guard-summary-title">
      <h2 id="guard-summary-title" className="flex items-center gap-2 font-display text-lg font-semibold">
        <ShieldAlert className="size-5 text-primary" aria-hidden="true" /> Privacy guard
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        {GUARD_FLAGS.map((flag) => (
          <Figure
            key={flag}
            to={`/admin/moderation?flag=${flag}`}
            count={flags[flag]}
            label={GUARD_FLAG_LABELS[flag]}
          />
        ))}
        <Figure to="/admin/privacy" count={held} label="Comments held" />
        <Figure to="/admin/privacy" count={flaggedComments} label="Comments flagged" />
      </ul>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Button size="sm" variant="outline" disabled={running || scan.isPending} onClick={() => scan.mutate()}>
          <ScanSearch aria-hidden="true" /> {running ? 'Scanning…' : 'Scan published teas and comments'}
        </Button>
        <p className="text-muted-foreground" aria-live="polite">
          <ScanLine scan={summary.data.scan} />
        </p>
      </div>
    </Card>
  );
}
