import { Bell } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { CoinBalance } from '@/components/layout/coin-balance';
import { InitialsAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/current-user';
import { useSession } from '@/lib/session';

// Visitors never need the menu (and its popper code): it loads only for a signed-in reader.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const NotificationsBell = lazy(() =>
  import('@/features/notifications/components/notifications-bell').then((m) => ({ default: m.NotificationsBell })),
);

/** Sign up and Login at the foot of the phone menu, for a signed-out visitor. */
export function VisitorMenuActions() {
  return (
    <div className="mt-auto flex flex-col gap-2 border-t border-border pt-4">
      <Button asChild>
        <Link to="/auth/signup">Sign up</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/auth/signin">Login</Link>
      </Button>
    </div>
  );
}

/** The right side of both headers: balance and menu when signed in, Login otherwise. */
export function HeaderAccount({ showSignUp = false }: { showSignUp?: boolean }) {
  const { isAuthenticated } = useSession();
  const { data: user } = useCurrentUser();
  if (!isAuthenticated) {
    return (
      <div className="flex items-center gap-2">
        <Button asChild size="sm">
          <Link to="/auth/signin">Login</Link>
        </Button>
        {showSignUp ? (
          // On phones too: a newcomer should not have to find it in the menu.
          <Button asChild size="sm" variant="outline">
            <Link to="/auth/signup">Sign up</Link>
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Suspense
        fallback={
          <span className="inline-flex size-10 items-center justify-center" aria-hidden="true">
            <Bell className="size-4" />
          </span>
        }
      >
        <NotificationsBell />
      </Suspense>
      {user ? (
        // Shown on phones too, tighter: the balance is what a reader checks before unlocking.
        <Link to="/buy-coins" className="inline-flex rounded-full hover:opacity-90">
          <CoinBalance balance={user.coin_balance} className="gap-1 px-2 sm:gap-1.5 sm:px-3" />
          <span className="sr-only">: buy more</span>
        </Link>
      ) : null}
      <Suspense fallback={<InitialsAvatar username={user?.username} email={user?.email} />}>
        <UserMenu user={user} />
      </Suspense>
    </div>
  );
}
