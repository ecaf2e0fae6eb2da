import { ACCOUNT_ACTION_LABELS, formatUntil, type AccountAction, type AccountActionKind } from '@kettle/shared';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const KIND_BADGE: Record<AccountActionKind, 'secondary' | 'outline' | 'destructive'> = {
  warning: 'secondary',
  suspension: 'outline',
  ban: 'destructive',
};

/**
 * One warning, suspension or ban, as the admin and the user both see it: what, which rule, the
 * message, when, until when. `issued_by` is filled for admins only (the API leaves it null).
 */
export function AccountActionItem({ action }: { action: AccountAction }) {
  return (
    <li className="grid gap-1.5 py-3">
      <p className="flex flex-wrap items-center gap-2">
        <Badge variant={KIND_BADGE[action.kind]}>{ACCOUNT_ACTION_LABELS[action.kind]}</Badge>
        <span className="min-w-0 break-words font-medium">{action.rule_title}</span>
      </p>
      <p className="whitespace-pre-line break-words text-sm">{action.message}</p>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <time dateTime={action.created_at}>{dateFormat.format(new Date(action.created_at))}</time>
        {action.ends_at ? (
          <span>
            {action.days ? `${action.days} ${action.days === 1 ? 'day' : 'days'}, ` : null}
            until <time dateTime={action.ends_at}>{formatUntil(action.ends_at)}</time>
          </span>
        ) : null}
        {action.post_title ? <span className="break-words">Tea: {action.post_title}</span> : null}
        {action.issued_by ? <span>By {action.issued_by}</span> : null}
      </p>
      {action.lifted_at ? (
        <p className="break-words text-xs font-medium text-success">
          Lifted on <time dateTime={action.lifted_at}>{dateFormat.format(new Date(action.lifted_at))}</time>
          {action.lift_reason ? `: ${action.lift_reason}` : null}
        </p>
      ) : action.reversed_at ? (
        <p className="text-xs font-medium text-success">
          Reversed on appeal{' '}
          <time dateTime={action.reversed_at}>{dateFormat.format(new Date(action.reversed_at))}</time>
        </p>
      ) : null}
    </li>
  );
}

/** A history of actions, newest first (the API's order). */
export function AccountActionList({ actions, label }: { actions: AccountAction[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-border">
      {actions.map((action) => (
        <AccountActionItem key={action.id} action={action} />
      ))}
    </ul>
  );
}

/** Three placeholder rows shaped like AccountActionItem. */
export function AccountActionsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="divide-y divide-border">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="grid gap-2 py-3">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      ))}
    </div>
  );
}
