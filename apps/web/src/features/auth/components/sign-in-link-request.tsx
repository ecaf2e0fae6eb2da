import { TOKEN_TTL } from '@kettle/shared';
import { LoaderCircle, Mail, MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/forms/form-alert';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useRequestSignInLink } from '../api/request-sign-in-link';

/**
 * "Email me a sign-in link": always offered beside the password, and the way in when the server
 * has closed password sign-in for the account (`prominent`). `getEmail` validates the form's email
 * field and answers it, or null when it is not valid yet (the field then shows its own error).
 */
export function SignInLinkRequest({
  getEmail,
  prominent,
}: {
  getEmail: () => Promise<string | null>;
  prominent: boolean;
}) {
  const request = useRequestSignInLink();

  const handleClick = async () => {
    const email = await getEmail();
    if (email) request.mutate({ email });
  };

  return (
    <div className="flex flex-col gap-3">
      {request.isSuccess ? (
        <div
          role="status"
          className="flex items-start gap-2 rounded-lg bg-secondary px-3 py-2 text-sm text-secondary-foreground"
        >
          <MailCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          <p>
            If an account exists for <strong className="break-all">{request.variables.email}</strong>, a sign-in link is
            on its way. It works once and expires in {TOKEN_TTL.signInLinkMinutes} minutes.
          </p>
        </div>
      ) : null}
      <FormAlert message={request.isError ? apiErrorMessage(request.error) : null} />
      <Button
        variant={prominent ? 'default' : 'outline'}
        className="w-full"
        onClick={() => void handleClick()}
        disabled={request.isPending}
        aria-busy={request.isPending}
      >
        {request.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Mail aria-hidden="true" />}
        {request.isPending ? 'Sending...' : 'Email me a sign-in link'}
      </Button>
    </div>
  );
}
