import { MESSAGES } from '@kettle/shared';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useCurrentUser } from '@/lib/current-user';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';
import { BackToLoginLink } from '../components/auth-links';
import { ResendVerificationForm } from '../components/resend-verification-form';

/**
 * The address is verified (by this link, or before it). The next step depends on who is reading:
 * a signed-in member goes on to the feed or their account, a visitor signs in. The API's own
 * message ends in "You can now sign in", which is wrong for someone already signed in.
 */
function Verified({ signedIn, why }: { signedIn: boolean; why: string }) {
  usePageTitle('Email verified');
  return (
    <AuthCard title="Your email is verified">
      <div className="flex flex-col items-center gap-4 text-center">
        <CircleCheck className="size-12 text-success" aria-hidden="true" />
        <p role="status">
          {why} {signedIn ? '' : 'Sign in to continue.'}
        </p>
        {signedIn ? (
          <div className="flex w-full flex-col gap-2">
            <Button asChild className="w-full">
              <Link to="/">Continue to the feed</Link>
            </Button>
            <Button asChild variant="outline" className="w-full">
              <Link to="/account">Your account</Link>
            </Button>
          </div>
        ) : (
          <Button asChild className="w-full">
            <Link to="/auth/signin">Sign in</Link>
          </Button>
        )}
      </div>
    </AuthCard>
  );
}

/** /auth/verify-email/:token: spends the emailed token once and says what is now so. */
export function VerifyEmailPage() {
  usePageTitle('Verify email');
  const { token } = useParams();
  const { isAuthenticated } = useSession();
  const { data: user } = useCurrentUser();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // A token is single-use: StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  if (verify.isSuccess) {
    // The API says so when the link was opened before and the address is verified already.
    const already = verify.data.message === MESSAGES.auth.alreadyVerified;
    const why = already
      ? 'This link was used before: your email was already verified.'
      : 'Thanks for confirming your address.';
    return <Verified signedIn={isAuthenticated} why={why} />;
  }

  if (verify.isError || !token) {
    // A dead link matters only while the address is unverified: a member verified since has nothing to redo.
    if (isAuthenticated && user?.email_verified) {
      return (
        <Verified
          signedIn
          why="This link has expired, but there is nothing left to do: your email is already verified."
        />
      );
    }
    return (
      <AuthCard title="This link no longer works" footer={isAuthenticated ? undefined : <BackToLoginLink />}>
        <div className="flex flex-col items-center gap-4 text-center">
          <CircleX className="size-12 text-destructive" aria-hidden="true" />
          <p role="alert" className="text-destructive">
            {token ? apiErrorMessage(verify.error) : MESSAGES.auth.invalidVerifyToken}
          </p>
          <p className="text-sm text-muted-foreground">Enter your email and we&apos;ll send you a new link.</p>
          <ResendVerificationForm key={user?.email ?? ''} defaultEmail={user?.email} />
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Verifying your email">
      <div className="flex justify-center py-6">
        <Spinner label="Verifying your email" />
      </div>
    </AuthCard>
  );
}
