import { APPEAL_MESSAGES, formatUntil, type Appeal } from '@kettle/shared';
import { useState } from 'react';
import { Pagination } from '@/components/ui/pagination';
import { QueryState } from '@/components/ui/query-state';
import { SkeletonStack } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useMyAppeals } from '../api/get-my-appeals';
import { AppealStatusBadge } from './appeal-status-badge';

function MyAppealItem({ appeal }: { appeal: Appeal }) {
  const { decision } = appeal;
  return (
    <li className="grid gap-2 rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 break-words font-semibold">
          {decision.label}
          {decision.rule_title ? (
            <span className="font-normal text-muted-foreground">: {decision.rule_title}</span>
          ) : null}
        </p>
        <AppealStatusBadge status={appeal.status} className="shrink-0" />
      </div>
      {decision.reason ? (
        <p className="line-clamp-2 whitespace-pre-line break-words text-sm text-muted-foreground">{decision.reason}</p>
      ) : null}
      <p className="line-clamp-3 whitespace-pre-line break-words text-sm">
        <span className="text-muted-foreground">You wrote: </span>
        {appeal.statement}
      </p>
      {appeal.reason ? (
        <p className="whitespace-pre-line break-words rounded-lg bg-muted/60 px-3 py-2 text-sm">
          <span className="font-medium">Reviewer&apos;s reason: </span>
          {appeal.reason}
        </p>
      ) : null}
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span>
          Appealed <time dateTime={appeal.created_at}>{formatUntil(appeal.created_at)}</time>
        </span>
        {appeal.reviewed_at ? (
          <span>
            Decided <time dateTime={appeal.reviewed_at}>{formatUntil(appeal.reviewed_at)}</time>
          </span>
        ) : null}
      </p>
    </li>
  );
}

/** The user's appeals, newest first, with their status and the reviewer's reason; paged. */
export function MyAppealsList({ label = 'Your appeals' }: { label?: string }) {
  const [page, setPage] = useState(1);
  const query = useMyAppeals(page);
  return (
    <QueryState
      query={query}
      loading={
        <SkeletonStack label="Loading your appeals" rows={['h-24 w-full rounded-xl', 'h-24 w-full rounded-xl']} />
      }
      error={{ message: (error) => apiErrorMessage(error, APPEAL_MESSAGES.fetchFailed) }}
      empty={{
        when: (list) => list.total === 0,
        view: <p className="text-sm text-muted-foreground">You have not appealed any decision.</p>,
      }}
    >
      {(list) => (
        <div aria-busy={query.isPlaceholderData}>
          <ul aria-label={label} className="grid gap-3">
            {list.data.map((appeal) => (
              <MyAppealItem key={appeal.id} appeal={appeal} />
            ))}
          </ul>
          <Pagination page={page} totalPages={Math.max(1, list.total_pages)} onPageChange={setPage} className="mt-4" />
        </div>
      )}
    </QueryState>
  );
}
