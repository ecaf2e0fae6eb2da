import { APPEAL_MESSAGES, formatUntil, type Appealable } from '@kettle/shared';
import { useId } from 'react';
import { QueryState } from '@/components/ui/query-state';
import { SkeletonStack } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useEligibleAppeals } from '../api/get-eligible-appeals';
import { AppealButton } from './appeal-button';

function EligibleItem({ appealable }: { appealable: Appealable }) {
  const nameId = useId();
  const { decision } = appealable;
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <p id={nameId} className="break-words font-medium">
          {/* One text: it is also the Appeal button's description. */}
          {appealable.title ? `${decision.label}: ${appealable.title}` : decision.label}
        </p>
        {decision.reason ? (
          <p className="line-clamp-2 whitespace-pre-line break-words text-sm">{decision.reason}</p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          Appeal by <time dateTime={appealable.appeal_by}>{formatUntil(appealable.appeal_by)}</time>
        </p>
      </div>
      <AppealButton appealable={appealable} aria-describedby={nameId} className="shrink-0 self-start" />
    </li>
  );
}

/** The decisions about the user still open to appeal, each with its Appeal button. */
export function EligibleAppealsList({ label }: { label: string }) {
  return (
    <QueryState
      query={useEligibleAppeals()}
      loading={<SkeletonStack label="Loading the decisions you can appeal" rows={['h-16 w-full', 'h-16 w-full']} />}
      error={{ message: (error) => apiErrorMessage(error, APPEAL_MESSAGES.fetchFailed) }}
      empty={{
        when: (list) => list.data.length === 0,
        view: <p className="text-sm text-muted-foreground">No decisions to appeal.</p>,
      }}
    >
      {(list) => (
        <ul aria-label={label} className="divide-y divide-border">
          {list.data.map((appealable) => (
            <EligibleItem key={`${appealable.target_type}:${appealable.target_id}`} appealable={appealable} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}
