import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/session';

/** Pages about "me" need a session; visitors go to sign-in and come back afterwards. */
export function RequireAuth() {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  if (!isAuthenticated) {
    return <Navigate to="/auth/signin" replace state={{ from: location.pathname + location.search }} />;
  }
  return <Outlet />;
}
