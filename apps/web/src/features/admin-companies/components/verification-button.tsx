import { COMPANY_MESSAGES, type AdminCompany } from '@kettle/shared';
import { BadgeCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { apiErrorMessage } from '@/lib/api-error-message';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { useSetCompanyVerification } from '../api/set-company-verification';

/** Verify (or take back) a company's claim on its handle, after a confirm that says what it means. */
export function VerificationButton({ company }: { company: AdminCompany }) {
  const [open, setOpen] = useState(false);
  const change = useSetCompanyVerification();
  const verify = !company.verified;
  const handleConfirm = () =>
    change.mutate(
      { company, verify },
      {
        onSuccess: (updated) =>
          toastSuccess(
            verify ? COMPANY_MESSAGES.verifyDone(updated.name) : COMPANY_MESSAGES.unverifyDone(updated.name),
          ),
        onError: (error) => toastError(apiErrorMessage(error), COMPANY_MESSAGES.verifyFailed),
        onSettled: () => setOpen(false),
      },
    );
  return (
    <>
      <Button variant={verify ? 'default' : 'outline'} size="sm" onClick={() => setOpen(true)}>
        {verify ? <BadgeCheck aria-hidden="true" /> : <ShieldOff aria-hidden="true" />}
        {verify ? 'Verify' : 'Remove verification'}
        <span className="sr-only"> {company.name}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={verify ? `Verify ${company.name}?` : `Remove the verification of ${company.name}?`}
        description={
          verify
            ? `Only confirm after checking that ${company.owner.username} speaks for ${company.handle}. The owner will see how many reports were filed on teas tagging it.`
            : `${company.owner.username} will no longer see report counts for ${company.handle} until it is verified again.`
        }
        confirmLabel={verify ? 'Verify' : 'Remove verification'}
        pendingLabel="Saving..."
        destructive={!verify}
        pending={change.isPending}
        onConfirm={handleConfirm}
      />
    </>
  );
}
