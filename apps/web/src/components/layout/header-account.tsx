import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useSession } from '@/lib/session';
import { CoinBalance } from './coin-balance';
import { UserMenu } from './user-menu';

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
          <Button asChild size="sm" variant="outline" className="hidden sm:inline-flex">
            <Link to="/auth/signup">Sign up</Link>
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2">
      {user ? <CoinBalance balance={user.coin_balance} className="hidden sm:inline-flex" /> : null}
      <UserMenu user={user} />
    </div>
  );
}
