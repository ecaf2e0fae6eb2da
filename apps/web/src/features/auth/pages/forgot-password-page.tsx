import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, MESSAGES, TOKEN_TTL } from '@kettle/shared';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { toastSuccess } from '@/lib/toast-store';
import { usePageTitle } from '@/lib/use-page-title';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from '../components/auth-card';
import { BackToLoginLink, SignUpPrompt } from '../components/auth-links';
import { RedirectSignedIn } from '../components/redirect-signed-in';
import { FormAlert } from '@/components/forms/form-alert';
import { apiErrorMessage } from '@/lib/api-error-message';

const LINK_LIFETIME = TOKEN_TTL.resetPasswordHours === 1 ? 'an hour' : `${TOKEN_TTL.resetPasswordHours} hours`;

export function ForgotPasswordPage() {
  return (
    <RedirectSignedIn>
      <ForgotPasswordScreen />
    </RedirectSignedIn>
  );
}

function ForgotPasswordScreen() {
  usePageTitle('Reset your password');
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const handleValidSubmit = handleSubmit((values) =>
    forgot.mutate(values, {
      onSuccess: () => {
        toastSuccess(MESSAGES.auth.resetSent);
        reset();
      },
    }),
  );

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email you signed up with and we'll send you a link to set a new password."
      footer={
        <>
          <BackToLoginLink />
          <SignUpPrompt />
        </>
      }
    >
      <form onSubmit={handleValidSubmit} noValidate className="flex flex-col gap-4">
        <FormAlert message={forgot.isError ? apiErrorMessage(forgot.error) : null} />
        {forgot.isSuccess ? (
          <div
            role="status"
            className="flex items-start gap-2 rounded-lg bg-secondary px-3 py-2 text-sm text-secondary-foreground"
          >
            <MailCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            <p>
              If an account exists for <strong className="break-all">{forgot.variables.email}</strong>, a reset link is
              on its way. It expires in {LINK_LIFETIME}, so check your inbox (and spam folder) soon.
            </p>
          </div>
        ) : null}
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </FormField>
        <SubmitButton pending={forgot.isPending} pendingLabel="Sending..." className="w-full">
          Send Reset Link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
