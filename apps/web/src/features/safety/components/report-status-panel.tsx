import { LogIn } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { MyReportsList } from './my-reports-list';
import { RequestLookupForm } from './request-lookup-form';

const sectionHeading = 'font-display text-xl font-semibold';

/** The Report Status tab: your own reports when signed in, and a lookup by reference for anyone. */
export function ReportStatusPanel({ email }: { email?: string }) {
  const { isAuthenticated } = useSession();
  const location = useLocation();
  return (
    <div className="grid gap-10">
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
    </div>
  );
}
