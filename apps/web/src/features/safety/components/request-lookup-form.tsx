import { zodResolver } from '@hookform/resolvers/zod';
import { REPORT_MESSAGES, takedownLookupSchema, type Report } from '@kettle/shared';
import { SearchX } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormAlert } from '@/components/forms/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PostStatusBadge } from '@/components/ui/post-status-badge';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { formatReportDate, reportReasonLabel } from '@/lib/reports';
import { useLookupTakedown } from '../api/lookup-takedown';

/**
 * The shared contract, with words for an empty or overlong reference. References are issued in
 * capitals (KT-7KQ3M9XD); one retyped in lower case is read the same.
 */
const lookupFormSchema = takedownLookupSchema.extend({
  reference: z
    .string()
    .trim()
    .min(1, 'Please enter the reference you were given')
    .max(32, 'That reference is too long')
    .transform((value) => value.toUpperCase()),
});

const SERVER_FIELDS = { reference: 'reference', email: 'email' } as const;

function LookupResult({ report }: { report: Report }) {
  return (
    <section
      aria-label="Request status"
      aria-live="polite"
      className="grid gap-3 rounded-xl border border-border bg-card p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono font-semibold">{report.reference}</p>
        <PostStatusBadge status={report.status} />
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Type</dt>
          <dd className="font-medium">{reportReasonLabel(report)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Sent</dt>
          <dd className="font-medium">{formatReportDate(report.created_at)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Last update</dt>
          <dd className="font-medium">{formatReportDate(report.updated_at)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Anyone, signed in or not, can see where a request stands with its reference and email. */
export function RequestLookupForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const lookup = useLookupTakedown();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(lookupFormSchema),
    mode: 'onTouched',
    defaultValues: { reference: '', email: defaultEmail },
  });
  const notFound = lookup.error instanceof ApiError && lookup.error.status === 404;

  const handleValidSubmit = handleSubmit((values) =>
    lookup.mutate(values, { onError: (error) => applyFieldErrors(error, setError, SERVER_FIELDS) }),
  );

  return (
    <div className="grid gap-4">
      <form onSubmit={handleValidSubmit} noValidate className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <FormField label="Reference" error={errors.reference?.message}>
          <Input
            autoComplete="off"
            spellCheck={false}
            className="font-mono uppercase placeholder:normal-case"
            {...register('reference')}
          />
        </FormField>
        <FormField label="Email used for the request" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </FormField>
        <SubmitButton pending={lookup.isPending} pendingLabel="Checking..." className="sm:mt-6">
          Check Status
        </SubmitButton>
      </form>
      {lookup.isSuccess ? <LookupResult report={lookup.data} /> : null}
      {notFound ? (
        <p role="status" className="flex items-center gap-2 rounded-xl border border-dashed border-border p-4 text-sm">
          <SearchX className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {REPORT_MESSAGES.lookupMissing}
        </p>
      ) : null}
      {lookup.isError && !notFound && !(lookup.error instanceof ApiError && lookup.error.fieldErrors.length > 0) ? (
        <FormAlert message={apiErrorMessage(lookup.error, REPORT_MESSAGES.fetchFailed)} />
      ) : null}
    </div>
  );
}
