import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, MESSAGES } from '@kettle/shared';
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
import { apiErrorMessage } from '@/lib/api-error-message';
import { redirectTarget } from '../utils/redirect-target';

export function SignInPage() {
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const handleValidSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (tokens) => {
        toastSuccess(MESSAGES.auth.signedIn);
        const home = tokens.is_admin ? '/admin/' : '/my-teas';
        void navigate(redirectTarget(location.state) ?? home, { replace: true });
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
        <SubmitButton pending={login.isPending} pendingLabel="Signing in..." className="w-full">
          Sign in
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
