import { ERROR_CODES, isTwoFactorChallenge, MESSAGES, TWO_FACTOR_TEXT, type TokenPair } from '@kettle/shared';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast-store';
import { usePageTitle } from '@/lib/use-page-title';
import { useSignInWithLink } from '../api/sign-in-with-link';
import { AuthCard } from '../components/auth-card';
import { BackToLoginLink } from '../components/auth-links';
import { InvalidLinkNotice } from '../components/invalid-link-notice';
import { TwoFactorStep } from '../components/two-factor-step';
import { landingPage } from '../utils/landing-page';

export function SignInLinkPage() {
  usePageTitle('Sign in with a link');
  const { token } = useParams();
  const navigate = useNavigate();
  const signIn = useSignInWithLink();
  const { mutate } = signIn;
  // What the two-factor step ended with, when the account asked for a code.
  const [verified, setVerified] = useState<TokenPair | null>(null);
  const [expired, setExpired] = useState<string | null>(null);
  // A link is single-use: StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    mutate(token, {
      onSuccess: (result) => {
        if (!isTwoFactorChallenge(result)) toastSuccess(MESSAGES.auth.signedIn);
      },
    });
  }, [token, mutate]);

  const result = signIn.data;
  const tokens = verified ?? (result && !isTwoFactorChallenge(result) ? result : null);
  if (tokens) return <SignedIn isAdmin={tokens.is_admin} />;

  if (result && isTwoFactorChallenge(result) && !expired) {
    return (
      <AuthCard title={TWO_FACTOR_TEXT.challengeTitle}>
        <TwoFactorStep
          challengeToken={result.challenge_token}
          onVerified={(pair) => {
            toastSuccess(MESSAGES.auth.signedIn);
            setVerified(pair);
          }}
          onExpired={setExpired}
          onBack={() => void navigate('/auth/signin')}
          backLabel="Back to Login"
        />
      </AuthCard>
    );
  }

  if (expired || signIn.isError || !token) {
    // A deactivated account gets the login's own words; anything else is a dead link.
    const inactive = signIn.error instanceof ApiError && signIn.error.code === ERROR_CODES.accountInactive;
    return (
      <AuthCard title="Sign-in link failed" footer={<BackToLoginLink />}>
        <InvalidLinkNotice
          message={expired ?? (inactive ? MESSAGES.auth.inactive : MESSAGES.auth.invalidSignInLink)}
          to="/auth/signin"
          action={expired ? 'Sign in again' : 'Request a new sign-in link'}
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

function SignedIn({ isAdmin }: { isAdmin: boolean }) {
  return (
    <AuthCard title="You're signed in">
      <div className="flex flex-col items-center gap-4 text-center">
        <CircleCheck className="size-12 text-success" aria-hidden="true" />
        <p role="status">Welcome back. You are signed in on this device.</p>
        <Button asChild className="w-full">
          <Link to={landingPage(isAdmin)}>{isAdmin ? 'Continue to the admin area' : 'Continue to My Teas'}</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
