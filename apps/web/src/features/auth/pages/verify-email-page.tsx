import { MESSAGES } from '@kettle/shared';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/current-user';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';
import { BackToLoginLink } from '../components/auth-links';
import { ResendVerificationForm } from '../components/resend-verification-form';
import { apiErrorMessage } from '@/lib/api-error-message';

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
    return (
      <AuthCard title={already ? 'Already verified' : 'Email verified'}>
        <div className="flex flex-col items-center gap-4 text-center">
          <CircleCheck className="size-12 text-success" aria-hidden="true" />
          <p role="status">{verify.data.message || MESSAGES.auth.verified}</p>
          <Button asChild className="w-full">
            <Link to={isAuthenticated ? '/my-teas' : '/auth/signin'}>
              {isAuthenticated ? 'Continue to My Teas' : 'Continue to sign in'}
            </Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  if (verify.isError || !token) {
    return (
      <AuthCard title="Verification failed" footer={<BackToLoginLink />}>
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
