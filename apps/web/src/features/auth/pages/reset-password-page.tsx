import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, resetPasswordFormSchema } from '@kettle/shared';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast-store';
import { usePageTitle } from '@/lib/use-page-title';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { BackToLoginLink, SignUpPrompt } from '../components/auth-links';
import { FormAlert } from '@/components/forms/form-alert';
import { InvalidLinkNotice } from '../components/invalid-link-notice';
import { NewPasswordField } from '@/components/forms/new-password-field';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';

/** A 400 from this endpoint means the token is unknown, used or expired (a weak password is a 422). */
const isInvalidLink = (error: unknown): boolean => error instanceof ApiError && error.status === 400;

export function ResetPasswordPage() {
  usePageTitle('Set new password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isValid },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onChange',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const handleValidSubmit = handleSubmit((values) =>
    reset.mutate(
      { token, newPassword: values.password },
      {
        onSuccess: () => {
          toastSuccess(MESSAGES.auth.resetDone);
          void navigate('/auth/signin', { replace: true });
        },
        onError: (error) => {
          if (isInvalidLink(error) || applyFieldErrors(error, setError, { new_password: 'password' })) return;
          setError('root.server', { message: apiErrorMessage(error) });
        },
      },
    ),
  );

  const linkDead = !token || isInvalidLink(reset.error);
  const footer = (
    <>
      <BackToLoginLink />
      <SignUpPrompt />
    </>
  );

  return (
    <AuthCard title="Set new password" description="Choose a new password for your account." footer={footer}>
      {linkDead ? (
        <InvalidLinkNotice
          message={reset.error instanceof ApiError ? reset.error.message : MESSAGES.auth.invalidResetToken}
          to="/forgot-password"
          action="Request a new reset link"
        />
      ) : (
        <form onSubmit={handleValidSubmit} noValidate className="flex flex-col gap-4">
          <FormAlert message={errors.root?.server?.message} />
          <NewPasswordField
            label="New password"
            password={password}
            error={errors.password?.message}
            registration={register('password')}
          />
          <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
          </FormField>
          <SubmitButton pending={reset.isPending} pendingLabel="Resetting..." disabled={!isValid} className="w-full">
            Reset Password
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
