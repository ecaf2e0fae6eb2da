import { abbreviateCoins, type CurrentUser, formatCount } from '@kettle/shared';
import { BadgeCheck, CalendarDays, CircleAlert, Coins, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { InitialsAvatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

const joinedFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

export function ProfileCard({ user }: { user: CurrentUser }) {
  return (
    <Card className="self-start">
      <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
        <InitialsAvatar username={user.username} email={user.email} className="size-20 text-2xl" />
        <div className="min-w-0 max-w-full">
          <p className="truncate font-display text-2xl font-semibold">{user.username}</p>
          <p className="break-all text-sm text-muted-foreground">{user.email}</p>
        </div>
        <div className="flex flex-wrap justify-center gap-2">
          {user.email_verified ? (
            <Badge variant="success">
              <BadgeCheck className="size-3.5" aria-hidden="true" /> Verified
            </Badge>
          ) : (
            <Badge variant="outline">
              <CircleAlert className="size-3.5" aria-hidden="true" /> Not verified
            </Badge>
          )}
          {user.is_admin ? <Badge variant="default">Admin Account</Badge> : null}
        </div>
        <dl className="grid w-full gap-3 border-t border-border pt-4 text-left text-sm">
          <div className="flex items-center justify-between gap-3">
            <dt className="flex items-center gap-2 text-muted-foreground">
              <Coins className="size-4 text-primary" aria-hidden="true" /> My Coins
            </dt>
            <dd className="text-right font-semibold">
              {formatCount(user.coin_balance)}
              {/* The short form only when it is shorter: '200 (200)' said the number twice. */}
              {abbreviateCoins(user.coin_balance) !== formatCount(user.coin_balance) ? (
                <span className="font-normal text-muted-foreground"> ({abbreviateCoins(user.coin_balance)})</span>
              ) : null}
            </dd>
          </div>
          <div className="flex items-center justify-between gap-3">
            <dt className="flex items-center gap-2 text-muted-foreground">
              <CalendarDays className="size-4 text-primary" aria-hidden="true" /> Joined
            </dt>
            <dd className="text-right font-semibold">
              <time dateTime={user.created_at}>{joinedFormat.format(new Date(user.created_at))}</time>
            </dd>
          </div>
        </dl>
        <Button asChild className="w-full">
          <Link to="/buy-coins">
            <ShoppingBag aria-hidden="true" /> Buy Coins
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
