import { COMPANY_MESSAGES, type Company } from '@kettle/shared';
import { BadgeCheck, Building2, ExternalLink, Pencil, ShieldQuestion, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryState } from '@/components/ui/query-state';
import { SkeletonStack } from '@/components/ui/skeleton';
import { apiErrorMessage } from '@/lib/api-error-message';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { useCompany } from '../api/get-company';
import { useDeleteCompany } from '../api/delete-company';
import { CompanyForm } from './company-form';
import { CompanyStatsPanel } from './company-stats';

/** Whether an admin checked the handle: only then do the private figures (reports) show. */
function VerificationNote({ verified }: { verified: boolean }) {
  if (verified) {
    return (
      <p className="inline-flex items-center gap-1.5 self-start rounded-full bg-primary/10 px-2.5 py-0.5 text-sm font-medium text-primary">
        <BadgeCheck className="size-4 shrink-0" aria-hidden="true" /> {COMPANY_MESSAGES.verified}
      </p>
    );
  }
  return (
    <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
      <ShieldQuestion className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> {COMPANY_MESSAGES.notVerified}
    </p>
  );
}

function CompanyView({ company, onEdit }: { company: Company; onEdit: () => void }) {
  const remove = useDeleteCompany();
  const [confirming, setConfirming] = useState(false);
  const handleDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => toastSuccess(COMPANY_MESSAGES.deleted),
      onError: (error) => toastError(apiErrorMessage(error)),
      onSettled: () => setConfirming(false),
    });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 className="font-display text-xl font-semibold">{company.name}</h3>
        <p className="font-medium text-primary">{company.handle}</p>
        <VerificationNote verified={company.verified} />
        {company.website ? (
          <a
            href={company.website}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex items-center gap-1 self-start text-sm underline-offset-4 hover:underline"
          >
            {company.website} <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        ) : null}
        {company.description ? <p className="whitespace-pre-line text-sm">{company.description}</p> : null}
      </div>
      <CompanyStatsPanel />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onEdit}>
          <Pencil aria-hidden="true" /> Edit profile
        </Button>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" /> Delete profile
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your company profile?"
        description={`${company.name} and its claim on ${company.handle} go; someone else may claim the handle afterwards.`}
        confirmLabel="Delete profile"
        pendingLabel="Deleting..."
        cancelLabel="Keep profile"
        destructive
        pending={remove.isPending}
        onConfirm={handleDelete}
      />
    </div>
  );
}

function CompanyContent() {
  const query = useCompany();
  const [editing, setEditing] = useState(false);
  const [creating, setCreating] = useState(false);
  return (
    <QueryState
      query={query}
      loading={<SkeletonStack label="Loading company profile" rows={['h-8 w-1/2', 'h-16 w-full']} />}
      error={{ message: (error) => `${COMPANY_MESSAGES.loadFailed}. ${apiErrorMessage(error)}` }}
    >
      {(company) => {
        if (company && editing)
          return <CompanyForm key={company.updated_at} company={company} onDone={() => setEditing(false)} />;
        if (company) return <CompanyView company={company} onEdit={() => setEditing(true)} />;
        if (creating) return <CompanyForm onDone={() => setCreating(false)} />;
        return (
          <div className="flex flex-col items-start gap-3">
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Building2 className="size-4 shrink-0" aria-hidden="true" /> {COMPANY_MESSAGES.notFound}
            </p>
            <Button onClick={() => setCreating(true)}>Create company profile</Button>
          </div>
        );
      }}
    </QueryState>
  );
}

/** My Account: a brand or public figure claims its @handle and sees what approved teas say about it. */
export function CompanyProfileSection() {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="text-xl">
          Company profile
        </CardTitle>
        <CardDescription>
          Speak for a brand or public figure: claim its @handle and follow the teas that tag it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <CompanyContent />
      </CardContent>
    </Card>
  );
}
