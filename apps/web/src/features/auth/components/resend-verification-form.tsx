import { zodResolver } from '@hookform/resolvers/zod';
import { emailQuerySchema, MESSAGES } from '@kettle/shared';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { useResendVerification } from '../api/resend-verification';
import { apiErrorMessage } from '@/lib/api-error-message';

/** Asks for a fresh verification link; the answer is the same whether or not the account exists. */
export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const resend = useResendVerification();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(emailQuerySchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail },
  });

  const handleValidSubmit = handleSubmit(({ email }) =>
    resend.mutate(email, {
      onSuccess: (data) => toastSuccess(data.message || MESSAGES.auth.verificationSent),
      onError: (error) => toastError(apiErrorMessage(error)),
    }),
  );

  return (
    <form onSubmit={handleValidSubmit} noValidate className="flex w-full flex-col gap-4 text-left">
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
      </FormField>
      {resend.isSuccess ? (
        <p role="status" className="text-sm text-muted-foreground">
          {resend.data.message || MESSAGES.auth.verificationSent}
        </p>
      ) : null}
      <SubmitButton pending={resend.isPending} pendingLabel="Sending..." className="w-full">
        Send a new verification link
      </SubmitButton>
    </form>
  );
}
