import { formatCount, type AdminUser } from '@kettle/shared';
import { Coins, ShieldCheck } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { AccountActionDialog } from './account-action-dialog';
import { AccountStandingBadge, AccountStandingDetail } from './account-standing-badge';
import { LiftActionDialog } from './lift-action-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { ManageCoinsDialog } from './manage-coins-dialog';
import { ResetTwoFactorDialog } from './reset-two-factor-dialog';
import { UserStatusDialog } from './user-status-dialog';

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

function joined(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : dateFormat.format(date);
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/**
 * What an admin can do to the account. A deleted one offers nothing (every change would be
 * refused); a banned one offers Lift ban in place of Activate, which never undoes a ban.
 */
function UserActions({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  if (user.standing.state === 'deleted') return null;
  const banned = user.standing.state === 'banned';
  return (
    <div className="mt-auto flex flex-wrap gap-2 border-t border-border pt-4">
      <ManageCoinsDialog user={user} />
      {banned ? null : <UserStatusDialog user={user} isSelf={isSelf} />}
      {isSelf ? null : <LiftActionDialog user={user} />}
      <EditUserDialog user={user} isSelf={isSelf} />
      {isSelf ? null : <AccountActionDialog user={user} />}
      {user.two_factor_enabled && !isSelf ? <ResetTwoFactorDialog user={user} /> : null}
    </div>
  );
}

/** One account on /admin/users (product.md §2): who, coins, status, joined, and what an admin can do. */
export function AdminUserCard({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const titleId = useId();
  return (
    <Card role="article" aria-labelledby={titleId} className="flex min-w-0 flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="break-all font-display text-lg font-semibold leading-snug">
              {user.username}
            </h2>
            {user.is_admin ? (
              <Badge>
                <ShieldCheck className="size-3.5" aria-hidden="true" /> Admin
              </Badge>
            ) : null}
            {isSelf ? <Badge variant="outline">You</Badge> : null}
          </div>
          <p className="break-all text-sm text-muted-foreground">{user.email}</p>
        </div>
        <AccountStandingBadge standing={user.standing} />
      </div>
      <AccountStandingDetail standing={user.standing} />

      <dl className="grid grid-cols-2 gap-3 text-sm">
        <Detail term="Tea Coins">
          <span className="inline-flex items-center gap-1.5">
            <Coins className="size-4 text-primary" aria-hidden="true" />
            {formatCount(user.coin_balance)}
          </span>
        </Detail>
        <Detail term="Joined">
          <time dateTime={user.created_at}>{joined(user.created_at)}</time>
        </Detail>
      </dl>

      {user.coin_debt > 0 || !user.email_verified || user.two_factor_enabled ? (
        <div className="flex flex-wrap gap-2">
          {user.coin_debt > 0 ? (
            <Badge variant="outline" title="A refund or dispute took back coins that were already spent">
              Owes {formatCount(user.coin_debt)} coins: spending frozen
            </Badge>
          ) : null}
          {!user.email_verified ? <Badge variant="outline">Email not verified</Badge> : null}
          {user.two_factor_enabled ? <Badge variant="outline">Two-factor on</Badge> : null}
        </div>
      ) : null}

      <UserActions user={user} isSelf={isSelf} />
    </Card>
  );
}
