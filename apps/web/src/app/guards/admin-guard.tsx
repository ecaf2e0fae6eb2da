import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useSession } from '@/lib/session';

/** Only admins enter /admin/* (decisions.md). The API enforces the same on every admin call. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  const { data: user, isPending, isError } = useCurrentUser();
  if (!isAuthenticated) return <Navigate to="/auth/signin" replace state={{ from: location.pathname }} />;
  if (isPending) return <PageSpinner />;
  if (isError || !user?.is_admin) return <AccessDenied />;
  return children;
}

function AccessDenied() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-20 text-center">
      <ShieldAlert className="size-12 text-destructive" aria-hidden="true" />
      <h1 className="font-display text-3xl font-bold">Access Denied</h1>
      <p className="text-muted-foreground">You do not have permission to access this page.</p>
      <Button asChild>
        <Link to="/auth/signin">Go to Login</Link>
      </Button>
    </section>
  );
}
