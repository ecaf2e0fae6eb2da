import { ERROR_CODES, MESSAGES } from '@kettle/shared';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast-store';
import { usePageTitle } from '@/lib/use-page-title';
import { useSignInWithLink } from '../api/sign-in-with-link';
import { AuthCard } from '../components/auth-card';
import { BackToLoginLink } from '../components/auth-links';
import { InvalidLinkNotice } from '../components/invalid-link-notice';
import { landingPage } from '../utils/landing-page';

export function SignInLinkPage() {
  usePageTitle('Sign in with a link');
  const { token } = useParams();
  const signIn = useSignInWithLink();
  const { mutate } = signIn;
  // A link is single-use: StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    mutate(token, { onSuccess: () => toastSuccess(MESSAGES.auth.signedIn) });
  }, [token, mutate]);

  if (signIn.isSuccess) {
    const home = landingPage(signIn.data.is_admin);
    return (
      <AuthCard title="You're signed in">
        <div className="flex flex-col items-center gap-4 text-center">
          <CircleCheck className="size-12 text-success" aria-hidden="true" />
          <p role="status">Welcome back. You are signed in on this device.</p>
          <Button asChild className="w-full">
            <Link to={home}>{signIn.data.is_admin ? 'Continue to the admin area' : 'Continue to My Teas'}</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  if (signIn.isError || !token) {
    // A deactivated account gets the login's own words; anything else is a dead link.
    const inactive = signIn.error instanceof ApiError && signIn.error.code === ERROR_CODES.accountInactive;
    return (
      <AuthCard title="Sign-in link failed" footer={<BackToLoginLink />}>
        <InvalidLinkNotice
          message={inactive ? MESSAGES.auth.inactive : MESSAGES.auth.invalidSignInLink}
          to="/auth/signin"
          action="Request a new sign-in link"
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Signing you in">
      <div className="flex justify-center py-6">
        <Spinner label="Signing you in" />
      </div>
    </AuthCard>
  );
}
