import type { AdminCompany } from '@kettle/shared';
import { BadgeCheck, ExternalLink } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { VerificationButton } from './verification-button';

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const shortDate = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : dateFormat.format(date);
};

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="break-words font-medium">{children}</dd>
    </div>
  );
}

/** One company on /admin/companies: who claims which handle, since when, and whether it is verified. */
export function AdminCompanyCard({ company }: { company: AdminCompany }) {
  const titleId = useId();
  return (
    <Card role="article" aria-labelledby={titleId} className="flex min-w-0 flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 id={titleId} className="break-words font-display text-lg font-semibold leading-snug">
            {company.name}
          </h2>
          <p className="break-all font-medium text-primary">{company.handle}</p>
        </div>
        <Badge variant={company.verified ? 'success' : 'outline'} className="shrink-0">
          <span className="sr-only">Status: </span>
          {company.verified ? <BadgeCheck className="size-3.5" aria-hidden="true" /> : null}
          {company.verified ? 'Verified' : 'Not verified'}
        </Badge>
      </div>

      <dl className="grid grid-cols-2 gap-3 text-sm">
        <Detail term="Owner">{company.owner.username}</Detail>
        <Detail term="Claimed">
          <time dateTime={company.created_at}>{shortDate(company.created_at)}</time>
        </Detail>
        {company.verified_at ? (
          <Detail term="Verified on">
            <time dateTime={company.verified_at}>{shortDate(company.verified_at)}</time>
          </Detail>
        ) : null}
        {company.website ? (
          <Detail term="Website">
            <a
              href={company.website}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex items-center gap-1 break-all underline-offset-4 hover:underline"
            >
              {company.website.replace(/^https?:\/\//, '')}
              <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
            </a>
          </Detail>
        ) : null}
      </dl>
      {company.description ? (
        <p className="line-clamp-3 whitespace-pre-line text-sm text-muted-foreground">{company.description}</p>
      ) : null}

      <div className="mt-auto flex flex-wrap gap-2 border-t border-border pt-4">
        <VerificationButton company={company} />
      </div>
    </Card>
  );
}
