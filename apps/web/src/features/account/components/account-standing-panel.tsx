import { ENFORCEMENT_MESSAGES, type AccountStanding } from '@kettle/shared';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { AccountActionList, AccountActionsSkeleton } from '@/components/enforcement/account-action-item';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useStanding } from '../api/get-standing';

/** Suspended or not, and why: the newest suspension's rule and message (the API lists newest first). */
function StandingStatus({ standing }: { standing: AccountStanding }) {
  const until = standing.suspended_until;
  if (until === null) {
    return (
      <p className="flex items-center gap-2 rounded-lg bg-success/10 px-3 py-2 font-medium">
        <ShieldCheck className="size-5 shrink-0 text-success" aria-hidden="true" /> Good standing
      </p>
    );
  }
  const reason = standing.actions.find((action) => action.kind === 'suspension');
  return (
    <div className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-3">
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="grid min-w-0 gap-2">
        <p className="font-medium">{ENFORCEMENT_MESSAGES.suspended(until)}</p>
        {reason ? (
          <div className="grid gap-1 text-sm">
            <p>
              <span className="text-muted-foreground">Rule broken: </span>
              <span className="font-medium">{reason.rule_title}</span>
            </p>
            <p className="whitespace-pre-line break-words">{reason.message}</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * My Account's 'Account standing' (issue 14): a suspension in force, every action taken, and
 * below them `appeals` (the appeals feature's lists, composed by the page).
 */
export function AccountStandingPanel({ appeals }: { appeals?: ReactNode }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId} className="text-xl">
          Account standing
        </CardTitle>
        <CardDescription>
          Warnings, suspensions and bans on your account, with the rule and the reason, and the decisions you can
          appeal.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <QueryState
          query={useStanding()}
          loading={
            <div className="grid gap-3">
              <Skeleton className="h-10 w-full" />
              <AccountActionsSkeleton label="Loading your account standing" />
            </div>
          }
          error={{ message: (error) => apiErrorMessage(error, ENFORCEMENT_MESSAGES.fetchFailed) }}
        >
          {(standing) => (
            <div className="grid gap-4">
              <StandingStatus standing={standing} />
              {standing.actions.length === 0 ? (
                <p className="text-sm text-muted-foreground">No actions on your account.</p>
              ) : (
                <AccountActionList actions={standing.actions} label="Actions on your account" />
              )}
            </div>
          )}
        </QueryState>
        {appeals ? <div className="border-t border-border pt-6">{appeals}</div> : null}
      </CardContent>
    </Card>
  );
}
