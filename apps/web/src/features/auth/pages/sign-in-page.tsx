import { zodResolver } from '@hookform/resolvers/zod';
import { ERROR_CODES, loginSchema, MESSAGES } from '@kettle/shared';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { toastSuccess } from '@/lib/toast-store';
import { usePageTitle } from '@/lib/use-page-title';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { SignUpPrompt } from '../components/auth-links';
import { FormAlert } from '@/components/forms/form-alert';
import { ApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { SignInLinkRequest } from '../components/sign-in-link-request';
import { RedirectSignedIn } from '../components/redirect-signed-in';
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

function SignInScreen() {
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { email: emailFrom(location.state), password: '' },
  });

  // Past the account's failed-password ceiling the server asks for a mailed link instead.
  const linkRequired = login.error instanceof ApiError && login.error.code === ERROR_CODES.signInLinkRequired;
  const emailForLink = async () => ((await trigger('email')) ? getValues('email').trim().toLowerCase() : null);

  const handleValidSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (tokens) => {
        toastSuccess(MESSAGES.auth.signedIn);
        void navigate(redirectTarget(location.state) ?? landingPage(tokens.is_admin), { replace: true });
      },
    }),
  );

  return (
    <AuthCard title="Sign in" description="Welcome back. Sign in to spill and sip." footer={<SignUpPrompt />}>
      <form onSubmit={handleValidSubmit} noValidate className="flex flex-col gap-4">
        <FormAlert message={login.isError ? apiErrorMessage(login.error, MESSAGES.auth.loginFailed) : null} />
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </FormField>
        <div className="flex flex-col gap-1.5">
          <FormField label="Password" error={errors.password?.message}>
            <PasswordInput autoComplete="current-password" {...register('password')} />
          </FormField>
          <Link
            to="/forgot-password"
            className="self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <SubmitButton
          pending={login.isPending}
          pendingLabel="Signing in..."
          variant={linkRequired ? 'outline' : 'default'}
          className="w-full"
        >
          Sign in
        </SubmitButton>
        <p className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden="true">
          <span className="h-px flex-1 bg-border" />
          or
          <span className="h-px flex-1 bg-border" />
        </p>
        <SignInLinkRequest getEmail={emailForLink} prominent={linkRequired} />
      </form>
    </AuthCard>
  );
}
