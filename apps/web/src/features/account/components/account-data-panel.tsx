import { ACCOUNT_DATA_MESSAGES } from '@kettle/shared';
import { Download, LoaderCircle, Trash2 } from 'lucide-react';
import { lazy, Suspense, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { apiErrorMessage } from '@/lib/api-error-message';
import { downloadFile } from '@/lib/download-file';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { useLazyDialog } from '@/lib/use-lazy-dialog';
import { useExportAccount } from '../api/export-account';

// Loaded on the first click: most visits to My Account never open it.
const DeleteAccountDialog = lazy(() =>
  import('./delete-account-dialog').then((m) => ({ default: m.DeleteAccountDialog })),
);

/** My Account's 'Your data' (issue 14): a copy of everything Kettle holds, and deleting the account. */
export function AccountDataPanel() {
  const titleId = useId();
  const exporting = useExportAccount();
  const dialog = useLazyDialog();
  const deleteRef = useRef<HTMLButtonElement>(null);

  const handleExport = () =>
    exporting.mutate(undefined, {
      onSuccess: ({ blob, fileName }) => {
        downloadFile(blob, fileName);
        toastSuccess(ACCOUNT_DATA_MESSAGES.exportReady);
      },
      onError: (error) => toastError(apiErrorMessage(error, ACCOUNT_DATA_MESSAGES.exportFailed)),
    });

  // The dialog has no Radix trigger, so it would leave focus on the page's body.
  const returnFocus = (event: Event) => {
    event.preventDefault();
    deleteRef.current?.focus();
  };

  return (
    <Card role="region" aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId} className="text-xl">
          Your data
        </CardTitle>
        <CardDescription>Take a copy of everything Kettle holds about you, or delete your account.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">
            One JSON file with your profile, teas, comments, votes, unlocks, purchases and coin history.
          </p>
          <Button
            variant="outline"
            className="shrink-0"
            onClick={handleExport}
            disabled={exporting.isPending}
            aria-busy={exporting.isPending}
          >
            {exporting.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Download aria-hidden="true" />
            )}
            {exporting.isPending ? 'Preparing...' : 'Download my data'}
          </Button>
        </div>
        <div className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">Deleting your account is immediate and cannot be undone.</p>
          <Button ref={deleteRef} variant="destructive" className="shrink-0" onClick={dialog.show}>
            <Trash2 aria-hidden="true" /> Delete my account
          </Button>
        </div>
      </CardContent>
      {dialog.mounted ? (
        <Suspense fallback={null}>
          <DeleteAccountDialog open={dialog.open} onOpenChange={dialog.setOpen} onCloseAutoFocus={returnFocus} />
        </Suspense>
      ) : null}
    </Card>
  );
}
