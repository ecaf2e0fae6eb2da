import { COSTS, suspendedUntilText } from '@kettle/shared';
import { MailWarning } from 'lucide-react';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useSuspendedUntil } from '@/components/enforcement/suspension-hint';
import { useCurrentUser } from '@/lib/current-user';
import { usePageTitle } from '@/lib/use-page-title';
import { SubmitFormSkeleton } from '../components/submit-form-skeleton';

// The form and its libraries (react-hook-form, zod, the image picker) are most of this page's
// code. The page paints its heading first and the form a moment later (goal F2: the heading is
// the largest paint), instead of holding the whole page until the form's code has run.
const SubmitTeaForm = lazy(() => import('../components/submit-tea-form').then((m) => ({ default: m.SubmitTeaForm })));

/** False for the first commit, true right after it: what is not needed for the first paint waits. */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => startTransition(() => setPainted(true)), []);
  return painted;
}

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
  const suspendedUntil = useSuspendedUntil();
  const showForm = useAfterFirstPaint();

  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader
        title="Submit Tea"
        description={`Submitting a tea costs ${COSTS.submitTea} Tea Coins. Moderators review every tea before it is published.`}
      />
      {unverified ? <VerifyEmailNotice /> : null}
      <Card>
        <CardContent className="p-4 sm:p-6">
          {/* The skeleton stays until the form has loaded: a transition keeps what is on screen. */}
          <Suspense fallback={<SubmitFormSkeleton />}>
            {showForm ? (
              <SubmitTeaForm
                blockedReason={
                  suspendedUntil ? suspendedUntilText(suspendedUntil) : unverified ? UNVERIFIED_REASON : undefined
                }
              />
            ) : (
              <SubmitFormSkeleton />
            )}
          </Suspense>
        </CardContent>
      </Card>
    </div>
  );
}
