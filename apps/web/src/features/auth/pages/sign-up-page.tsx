import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, signupFormSchema } from '@kettle/shared';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { toastSuccess } from '@/lib/toast-store';
import { usePageTitle } from '@/lib/use-page-title';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { SignInPrompt } from '../components/auth-links';
import { RedirectSignedIn } from '../components/redirect-signed-in';
import { FormAlert } from '@/components/forms/form-alert';
import { HoneypotField } from '@/components/forms/honeypot-field';
import { NewPasswordField } from '@/components/forms/new-password-field';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';

const SERVER_FIELDS = { username: 'username', email: 'email', password: 'password' } as const;

export function SignUpPage() {
  return (
    <RedirectSignedIn>
      <SignUpScreen />
    </RedirectSignedIn>
  );
}

function SignUpScreen() {
  usePageTitle('Sign up');
  const navigate = useNavigate();
  const signUp = useRegister();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signupFormSchema),
    mode: 'onTouched',
    defaultValues: { username: '', email: '', password: '', confirmPassword: '', website: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const handleValidSubmit = handleSubmit(({ confirmPassword: _confirm, ...values }) =>
    signUp.mutate(values, {
      onSuccess: () => {
        toastSuccess('Please check your email for the verification link.', MESSAGES.auth.registered);
        // The sign-in form starts with the new address filled in.
        void navigate('/auth/signin', { state: { email: values.email } });
      },
      onError: (error) => {
        // Field problems go under their fields; anything else goes in the alert above the form.
        if (applyFieldErrors(error, setError, SERVER_FIELDS)) return;
        setError('root.server', { message: apiErrorMessage(error, MESSAGES.auth.signupFailed) });
      },
    }),
  );

  return (
    <AuthCard
      title="Create an account"
      description="Pick a username: it is the only name others see."
      footer={<SignInPrompt />}
    >
      <form onSubmit={handleValidSubmit} noValidate className="relative flex flex-col gap-4">
        <FormAlert message={errors.root?.server?.message} />
        <FormField label="Username" error={errors.username?.message}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...register('username')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </FormField>
        <NewPasswordField
          label="Password"
          password={password}
          error={errors.password?.message}
          registration={register('password')}
        />
        <FormField label="Confirm password" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <HoneypotField registration={register('website')} />
        <SubmitButton pending={signUp.isPending} pendingLabel="Creating account..." className="w-full">
          Sign up
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
