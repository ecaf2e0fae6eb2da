import { COSTS } from '@kettle/shared';
import { MailWarning } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/use-page-title';
import { SubmitTeaForm } from '../components/submit-tea-form';

const UNVERIFIED_REASON = 'Verify your email address to submit a tea.';

function VerifyEmailNotice() {
  return (
    <section
      aria-labelledby="submit-verify-title"
      className="mb-6 flex items-start gap-3 rounded-2xl border border-accent bg-secondary p-4 text-secondary-foreground"
    >
      <MailWarning className="size-6 shrink-0 text-primary" aria-hidden="true" />
      <div>
        <h2 id="submit-verify-title" className="font-semibold">
          Please verify your email
        </h2>
        <p className="text-sm">
          You can submit teas once your email address is verified.{' '}
          <Link to="/account" className="font-medium underline underline-offset-4">
            Resend the link from My Account
          </Link>
        </p>
      </div>
    </section>
  );
}

export function SubmitPage() {
  usePageTitle('Submit Tea');
  const { data: user } = useCurrentUser();
  const unverified = user ? !user.email_verified : false;

  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader
        title="Submit Tea"
        description={`Submitting a tea costs ${COSTS.submitTea} Tea Coins. Moderators review every tea before it is published.`}
      />
      {unverified ? <VerifyEmailNotice /> : null}
      <Card>
        <CardContent className="p-4 sm:p-6">
          <SubmitTeaForm blockedReason={unverified ? UNVERIFIED_REASON : undefined} />
        </CardContent>
      </Card>
    </div>
  );
}
