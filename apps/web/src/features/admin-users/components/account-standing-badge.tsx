import { ACCOUNT_STATE_LABELS, formatUntil, type AccountState, type AdminUser } from '@kettle/shared';
import { Badge } from '@/components/ui/badge';

const VARIANT: Record<AccountState, 'success' | 'destructive' | 'outline' | 'secondary'> = {
  active: 'success',
  suspended: 'outline',
  banned: 'destructive',
  deactivated: 'secondary',
  deleted: 'secondary',
};

const dayFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const day = (iso: string) => dayFormat.format(new Date(iso));

/** The account's real standing on its card: a ban is named a ban, a suspension says until when. */
export function AccountStandingBadge({ standing }: { standing: AdminUser['standing'] }) {
  return (
    <Badge variant={VARIANT[standing.state]} className="shrink-0">
      <span className="sr-only">Status: </span>
      {ACCOUNT_STATE_LABELS[standing.state]}
    </Badge>
  );
}

/** Under the badge: the rule and the dates that make the standing what it is. */
export function AccountStandingDetail({ standing }: { standing: AdminUser['standing'] }) {
  const { state, since, until, rule_title: rule } = standing;
  if (state === 'active' || state === 'deactivated') return null;
  const parts: string[] = [];
  if (state === 'suspended' && until) parts.push(`Suspended until ${formatUntil(until)}`);
  if (state === 'banned' && since) parts.push(`Banned on ${day(since)}`);
  if (state === 'deleted' && since) parts.push(`Deleted on ${day(since)}; nothing can be changed`);
  if (rule) parts.push(`Rule: ${rule}`);
  if (parts.length === 0) return null;
  return <p className="text-sm text-muted-foreground">{parts.join(' · ')}</p>;
}
