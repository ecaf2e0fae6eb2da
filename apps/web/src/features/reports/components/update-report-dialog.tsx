import { zodResolver } from '@hookform/resolvers/zod';
import {
  REPORT_DESCRIPTION_MAX,
  REPORT_MESSAGES,
  REPORT_STATUSES,
  reportUpdateSchema,
  type Report,
} from '@kettle/shared';
import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { REPORT_KIND_LABELS, REPORT_STATUS_LABELS } from '@/lib/reports';
import { toastError } from '@/lib/toast-store';
import { useUpdateReport } from '../api/update-report';

const SERVER_FIELDS = { status: 'status', admin_notes: 'admin_notes', remove_post: 'remove_post' } as const;

/** What upholding the report may also remove, or null when there is nothing left to remove. */
function removalLabel(report: Report): string | null {
  if (report.kind === 'post' && report.post_id) return 'Also remove the post';
  if (report.kind === 'comment' && report.comment_id) return 'Also delete the comment';
  return null;
}

/** 'Update Report': status, admin notes and, when upholding, removal of what was reported. */
export function UpdateReportDialog({ report }: { report: Report }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Pencil aria-hidden="true" /> Update Report
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Update Report</DialogTitle>
        <DialogDescription>
          Set the outcome of this {REPORT_KIND_LABELS[report.kind].toLowerCase()} report. Notes stay with the report for
          the other admins.
        </DialogDescription>
        {/* Mounted only while open, so every opening starts from the report's saved values. */}
        {open ? <UpdateReportForm report={report} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function UpdateReportForm({ report, onDone }: { report: Report; onDone: () => void }) {
  const update = useUpdateReport();
  const removeId = useId();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(reportUpdateSchema),
    defaultValues: { status: report.status, admin_notes: report.admin_notes ?? '', remove_post: false },
  });
  const status = useWatch({ control, name: 'status' });
  const notes = useWatch({ control, name: 'admin_notes' }) ?? '';
  const removal = removalLabel(report);
  const offerRemoval = removal !== null && status === 'approved';

  const handleValidSubmit = handleSubmit((values) =>
    update.mutate(
      {
        id: report.id,
        status: values.status,
        admin_notes: values.admin_notes ? values.admin_notes : null,
        // A hidden checkbox keeps its value; only an offered, ticked box removes anything.
        remove_post: offerRemoval && values.remove_post,
      },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (!applyFieldErrors(error, setError, SERVER_FIELDS)) {
            toastError(apiErrorMessage(error, REPORT_MESSAGES.updateFailed));
          }
        },
      },
    ),
  );

  return (
    <form onSubmit={handleValidSubmit} noValidate className="grid gap-4">
      <FormField label="Status" error={errors.status?.message}>
        <NativeSelect {...register('status')}>
          {REPORT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {REPORT_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        label="Admin notes"
        error={errors.admin_notes?.message}
        hint={
          <span className={notes.length > REPORT_DESCRIPTION_MAX ? 'text-destructive' : undefined}>
            {notes.length}/{REPORT_DESCRIPTION_MAX}
            <span className="sr-only"> characters</span>
          </span>
        }
      >
        <Textarea rows={4} placeholder="What you decided and why" {...register('admin_notes')} />
      </FormField>
      {offerRemoval ? (
        <div className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3">
          <input
            id={removeId}
            type="checkbox"
            className="mt-0.5 size-4 accent-destructive"
            aria-describedby={`${removeId}-hint`}
            {...register('remove_post')}
          />
          <div className="grid gap-1">
            <label htmlFor={removeId} className="text-sm font-medium">
              {removal}
            </label>
            <p id={`${removeId}-hint`} className="text-xs text-muted-foreground">
              {report.kind === 'post'
                ? 'It is taken down for everyone as soon as you update; readers who unlocked it get their coins back. The author can appeal for 30 days.'
                : 'It is removed with its replies as soon as you update. The author can appeal for 30 days.'}
            </p>
          </div>
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={update.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <SubmitButton pending={update.isPending} pendingLabel="Updating...">
          Update
        </SubmitButton>
      </div>
    </form>
  );
}
