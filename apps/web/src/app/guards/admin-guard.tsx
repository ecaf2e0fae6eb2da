import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Logo } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { signOut } from '@/features/auth/api/logout';
import { useCurrentUser } from '@/lib/current-user';
import { useSession } from '@/lib/session';
import { AdminTwoFactorSetup, useTwoFactorDemand } from './admin-guard-two-factor';

/**
 * Only admins enter /admin/* (decisions.md); others never see the admin chrome. An admin who must
 * turn on two-factor sign-in first sees only its setup (issue 14). The API enforces both on every
 * admin call.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  const { data: user, isPending, isError } = useCurrentUser();
  const setupFirst = useTwoFactorDemand(user);
  if (!isAuthenticated) return <Navigate to="/auth/signin" replace state={{ from: location.pathname }} />;
  if (isPending) return <PageSpinner />;
  if (isError || !user?.is_admin) return <AccessDenied />;
  if (setupFirst) return <AdminTwoFactorSetup />;
  return children;
}

/**
 * A signed-in member who opened an admin page: home is the likely way on, so it is the primary
 * button; 'Switch account' signs out and comes back here once signed in as someone else.
 */
function AccessDenied() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const switchAccount = async () => {
    await signOut();
    await navigate('/auth/signin', { replace: true, state: { from: pathname } });
  };
  return (
    <main id="main" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <Logo />
      <ShieldAlert className="size-12 text-destructive" aria-hidden="true" />
      <h1 className="font-display text-3xl font-bold">Access Denied</h1>
      <p className="text-muted-foreground">You do not have permission to access this page.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/">Back to Home</Link>
        </Button>
        <Button variant="outline" onClick={() => void switchAccount()}>
          Switch account
        </Button>
      </div>
    </main>
  );
}
