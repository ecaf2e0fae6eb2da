import { BAN_MESSAGES, MESSAGES, TWO_FACTOR_TEXT, type TokenPair } from '@kettle/shared';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BannedNotice } from '@/components/enforcement/banned-notice';
import { forgetBan, useBanNotice } from '@/lib/banned-notice';
import { toastSuccess } from '@/lib/toast-store';
import { usePageTitle } from '@/lib/use-page-title';
import { AuthCard } from '../components/auth-card';
import { SignUpPrompt } from '../components/auth-links';
import { PasswordSignInForm } from '../components/password-sign-in-form';
import { RedirectSignedIn } from '../components/redirect-signed-in';
import { TwoFactorStep } from '../components/two-factor-step';
import { landingPage } from '../utils/landing-page';
import { redirectTarget } from '../utils/redirect-target';

/** The address sign-up hands over, so the new user need not type it again. */
const emailFrom = (state: unknown): string => {
  const email = state && typeof state === 'object' && 'email' in state ? state.email : undefined;
  return typeof email === 'string' ? email : '';
};

export function SignInPage() {
  return (
    <RedirectSignedIn>
      <SignInScreen />
    </RedirectSignedIn>
  );
}

type Step = { challenge: null; notice: string | null } | { challenge: string };

function SignInScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState(() => emailFrom(location.state));
  const [step, setStep] = useState<Step>({ challenge: null, notice: null });
  const ban = useBanNotice();
  usePageTitle(ban ? BAN_MESSAGES.title : step.challenge !== null ? TWO_FACTOR_TEXT.challengeTitle : 'Sign in');

  const finish = (tokens: TokenPair) => {
    toastSuccess(MESSAGES.auth.signedIn);
    void navigate(redirectTarget(location.state) ?? landingPage(tokens.is_admin), { replace: true });
  };

  if (ban) {
    return (
      <AuthCard title={BAN_MESSAGES.title}>
        <BannedNotice ban={ban} onBack={forgetBan} />
      </AuthCard>
    );
  }

  if (step.challenge !== null) {
    return (
      <AuthCard title={TWO_FACTOR_TEXT.challengeTitle} description={email}>
        <TwoFactorStep
          challengeToken={step.challenge}
          onVerified={finish}
          onExpired={(notice) => setStep({ challenge: null, notice })}
          onBack={() => setStep({ challenge: null, notice: null })}
          backLabel="Back to sign in"
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in" description="Welcome back. Sign in to spill and sip." footer={<SignUpPrompt />}>
      <PasswordSignInForm
        defaultEmail={email}
        notice={step.notice}
        onSignedIn={finish}
        onChallenge={(challenge, typed) => {
          setEmail(typed);
          setStep({ challenge });
        }}
      />
    </AuthCard>
  );
}
