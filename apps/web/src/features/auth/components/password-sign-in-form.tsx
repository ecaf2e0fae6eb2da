import { zodResolver } from '@hookform/resolvers/zod';
import { ERROR_CODES, isTwoFactorChallenge, loginSchema, MESSAGES, type TokenPair } from '@kettle/shared';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormAlert } from '@/components/forms/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { rememberBan } from '@/lib/banned-notice';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useLogin } from '../api/login';
import { SignInLinkRequest } from './sign-in-link-request';

type PasswordSignInFormProps = {
  defaultEmail: string;
  /** Why the person is here again (a two-factor step that ran out), until they try again. */
  notice: string | null;
  onSignedIn: (tokens: TokenPair) => void;
  /** The account has two-factor on: no session yet, a code comes next. */
  onChallenge: (challengeToken: string, email: string) => void;
};

/** Email and password, or a mailed link: the first step of every sign-in. */
export function PasswordSignInForm({ defaultEmail, notice, onSignedIn, onChallenge }: PasswordSignInFormProps) {
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
    defaultValues: { email: defaultEmail, password: '' },
  });

  // Past the account's failed-password ceiling the server asks for a mailed link instead.
  const linkRequired = login.error instanceof ApiError && login.error.code === ERROR_CODES.signInLinkRequired;
  const emailForLink = async () => ((await trigger('email')) ? getValues('email').trim().toLowerCase() : null);

  const handleValidSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (result) =>
        isTwoFactorChallenge(result) ? onChallenge(result.challenge_token, values.email) : onSignedIn(result),
      // A banned account is told so with the rule, the date and the appeal (the page shows it).
      onError: (error) => {
        if (error instanceof ApiError && error.ban) rememberBan(error.ban);
      },
    }),
  );

  return (
    <form onSubmit={handleValidSubmit} noValidate className="flex flex-col gap-4">
      <FormAlert message={login.isError ? apiErrorMessage(login.error, MESSAGES.auth.loginFailed) : notice} />
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
  );
}
