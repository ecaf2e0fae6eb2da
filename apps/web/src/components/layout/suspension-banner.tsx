import { ENFORCEMENT_MESSAGES } from '@kettle/shared';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';

/** The suspended reader's reminder under the header, on every page, until the date passes. */
export function SuspensionBanner({ until }: { until: string }) {
  return (
    <div role="status" className="border-b border-destructive/40 bg-destructive/10">
      <div className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-2.5 text-sm">
        <ShieldAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
        {/* The link flows after the sentence: beside it, a phone left the sentence a narrow column. */}
        <p className="min-w-0">
          {ENFORCEMENT_MESSAGES.suspended(until)}{' '}
          <Link to="/account" className="whitespace-nowrap font-medium text-primary underline underline-offset-4">
            See your account standing
          </Link>
        </p>
      </div>
    </div>
  );
}
