import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/current-user';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast-store';
import { landingPage } from '../utils/landing-page';

export const ALREADY_SIGNED_IN = {
  title: "You're already signed in",
  description: 'Sign out first to use another account.',
} as const;

/**
 * Sign-in, sign-up and forgot-password are for visitors: a user who arrives signed in goes to
 * their landing page with a notice. Only the session on arrival counts, so signing in on the
 * page itself is left to the page's own navigation. A token the API refuses falls back to the page.
 */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  const [signedInOnArrival] = useState(isAuthenticated);
  return signedInOnArrival ? <ToLandingPage>{children}</ToLandingPage> : children;
}

function ToLandingPage({ children }: { children: ReactNode }) {
  const me = useCurrentUser();
  const user = me.data;

  useEffect(() => {
    if (user) toast({ ...ALREADY_SIGNED_IN });
  }, [user]);

  if (me.isError) return children;
  if (!user) return <PageSpinner />;
  return <Navigate to={landingPage(user.is_admin)} replace />;
}
