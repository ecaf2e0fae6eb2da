import { MESSAGES } from '@kettle/shared';
import { MailWarning } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { apiErrorMessage } from '@/lib/api-error-message';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { useResendVerification } from '../api/resend-verification';

export function VerificationNotice({ email }: { email: string }) {
  const resend = useResendVerification();

  const handleResend = () =>
    resend.mutate(email, {
      onSuccess: (data) => toastSuccess(data.message || MESSAGES.auth.verificationSent),
      onError: (error) => toastError(apiErrorMessage(error)),
    });

  return (
    <section
      aria-labelledby="verify-notice-title"
      className="flex flex-col gap-3 rounded-2xl border border-accent bg-secondary p-4 text-secondary-foreground sm:flex-row sm:items-center"
    >
      <MailWarning className="size-6 shrink-0 text-primary" aria-hidden="true" />
      <div className="flex-1">
        <h2 id="verify-notice-title" className="font-semibold">
          Please verify your email
        </h2>
        <p className="text-sm">
          We sent a verification link to <strong className="break-all">{email}</strong>. Didn&apos;t get it?
        </p>
      </div>
      <Button variant="outline" onClick={handleResend} disabled={resend.isPending}>
        {resend.isPending ? 'Sending...' : 'Resend verification email'}
      </Button>
    </section>
  );
}
