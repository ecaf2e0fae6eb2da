import { zodResolver } from '@hookform/resolvers/zod';
import {
  COSTS,
  DEFAULT_REPORT_REASON,
  ERROR_CODES,
  REPORT_DESCRIPTION_MAX,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  reportCreateSchema,
  type ReportCreateData,
  type ReportCreateInput,
} from '@kettle/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CostNotice } from '@/components/forms/cost-notice';
import { InsufficientCoinsAlert } from '@/components/forms/insufficient-coins-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useCoinCost } from '@/lib/coin-cost';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { useCreateReport, type ReportTarget } from '../api/create-report';

const DEFAULTS: ReportCreateInput = { reason: DEFAULT_REPORT_REASON, description: '' };
const SERVER_FIELDS = { reason: 'reason', description: 'description' } as const;

type ReportDialogProps = {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (Radix's default is the element that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * product.md §2 'Report Post' (and 'Report Comment' for a comment): a reason (default
 * inappropriate_content), optional 'Additional Details', Cancel and 'Submit Report'. What was
 * typed survives Cancel; after a success the form is back to its defaults (product.md §4). The cost
 * and balance show before sending; a short balance disables 'Submit Report'.
 */
export function ReportDialog({ target, open, onOpenChange, onCloseAutoFocus }: ReportDialogProps) {
  const report = useCreateReport(target);
  const price = useCoinCost(COSTS.report);
  const costId = useId();
  const [coinsShort, setCoinsShort] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ReportCreateInput, unknown, ReportCreateData>({
    resolver: zodResolver(reportCreateSchema),
    defaultValues: DEFAULTS,
  });
  const what = target.kind === 'post' ? 'Post' : 'Comment';

  const change = (next: boolean) => {
    if (report.isPending) return;
    setCoinsShort(null);
    onOpenChange(next);
  };

  const submit = handleSubmit((values) =>
    report.mutate(values, {
      onSuccess: () => {
        toastSuccess(REPORT_MESSAGES.submitted, 'Report submitted');
        reset(DEFAULTS);
        change(false);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === ERROR_CODES.insufficientCoins) {
          setCoinsShort(error.message);
          return;
        }
        if (applyFieldErrors(error, setError, SERVER_FIELDS)) return;
        toastError(apiErrorMessage(error, REPORT_MESSAGES.createFailed));
        // Reported already (409), or gone: nothing to retry here.
        if (error instanceof ApiError && error.status < 500) change(false);
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent className="max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <div className="flex flex-col gap-1.5 pr-8">
          <DialogTitle>Report {what}</DialogTitle>
          <DialogDescription>
            Tell the moderators what is wrong with this {what.toLowerCase()}. Reporting costs {COSTS.report} Tea Coins
            (to prevent spam).
          </DialogDescription>
        </div>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField label="Reason" error={errors.reason?.message}>
            <NativeSelect {...register('reason')}>
              {REPORT_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {REPORT_REASON_LABELS[reason]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Additional Details" error={errors.description?.message}>
            <Textarea
              rows={4}
              maxLength={REPORT_DESCRIPTION_MAX}
              placeholder="Anything that helps the moderators review it (optional)"
              {...register('description')}
            />
          </FormField>
          <CostNotice price={price} id={costId} />
          {coinsShort ? <InsufficientCoinsAlert message={coinsShort} /> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={report.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton
              pending={report.isPending}
              pendingLabel="Submitting..."
              disabled={price.shortfall > 0}
              aria-describedby={costId}
            >
              Submit Report
            </SubmitButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
