import { LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { MyReportsList } from './my-reports-list';
import { RequestLookupForm } from './request-lookup-form';

const sectionHeading = 'font-display text-xl font-semibold';

type ReportStatusPanelProps = {
  email?: string;
  /** The signed-in user's appeals (the appeals feature's list, composed by the page). */
  myAppeals?: ReactNode;
  /** The signed-out 'Appeal a ban' form: a banned account cannot sign in. */
  banAppeal?: ReactNode;
};

/**
 * The Report Status tab: your own reports and appeals when signed in, a ban appeal when not, and
 * a lookup by reference for anyone.
 */
export function ReportStatusPanel({ email, myAppeals, banAppeal }: ReportStatusPanelProps) {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  // The ban email links here with its reference: then the appeal is what the visitor came for.
  const [searchParams] = useSearchParams();
  const fromBanMail = searchParams.has('reference');
  const banSection =
    !isAuthenticated && banAppeal ? (
      <section aria-labelledby="ban-appeal-heading" className="grid gap-4">
        <div>
          <h3 id="ban-appeal-heading" className={sectionHeading}>
            Appeal a ban
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            A banned account cannot sign in. Enter its email address and the reference from the ban email, and tell us
            why the ban should be lifted.
          </p>
        </div>
        {banAppeal}
      </section>
    ) : null;
  return (
    <div className="grid gap-10">
      {fromBanMail ? banSection : null}
      <section aria-labelledby="my-reports-heading" className="grid gap-4">
        <h3 id="my-reports-heading" className={sectionHeading}>
          Your reports
        </h3>
        {isAuthenticated ? (
          <MyReportsList />
        ) : (
          <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-border p-4">
            <p className="text-sm text-muted-foreground">
              Sign in to see every post, comment and issue you have reported, and what moderators decided.
            </p>
            <Button asChild variant="outline" size="sm">
              <Link to="/auth/signin" state={{ from: location.pathname + location.search }}>
                <LogIn aria-hidden="true" /> Sign in
              </Link>
            </Button>
          </div>
        )}
      </section>
      {isAuthenticated && myAppeals ? (
        <section aria-labelledby="my-appeals-heading" className="grid gap-4">
          <h3 id="my-appeals-heading" className={sectionHeading}>
            Your appeals
          </h3>
          {myAppeals}
        </section>
      ) : null}
      <section aria-labelledby="lookup-heading" className="grid gap-4">
        <div>
          <h3 id="lookup-heading" className={sectionHeading}>
            Look up a request
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            Sent a report without an account? Enter the reference you were given and the email you used.
          </p>
        </div>
        <RequestLookupForm key={email ?? ''} defaultEmail={email} />
      </section>
      {fromBanMail ? null : banSection}
    </div>
  );
}
