import { ENFORCEMENT_MESSAGES } from '@kettle/shared';
import { useId } from 'react';
import { AccountActionList, AccountActionsSkeleton } from '@/components/enforcement/account-action-item';
import { QueryState } from '@/components/ui/query-state';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useUserActions } from '../api/get-user-actions';

/** One user's past warnings, suspensions and bans, with who decided each (admins only). */
export function UserActionHistory({ userId }: { userId: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-2 border-t border-border pt-4">
      <h3 id={titleId} className="text-sm font-semibold">
        Past actions
      </h3>
      <QueryState
        query={useUserActions(userId)}
        loading={<AccountActionsSkeleton label="Loading past actions" />}
        error={{ message: (error) => apiErrorMessage(error, ENFORCEMENT_MESSAGES.fetchFailed) }}
        empty={{
          when: (list) => list.data.length === 0,
          view: <p className="text-sm text-muted-foreground">No actions yet</p>,
        }}
      >
        {(list) => <AccountActionList actions={list.data} label="Past actions" />}
      </QueryState>
    </section>
  );
}
