import { zodResolver } from '@hookform/resolvers/zod';
import {
  REPORT_DESCRIPTION_MAX,
  REPORT_MESSAGES,
  TAKEDOWN_TYPE_LABELS,
  TAKEDOWN_TYPES,
  takedownCreateSchema,
  type TakedownCreated,
} from '@kettle/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormAlert } from '@/components/forms/form-alert';
import { HoneypotField } from '@/components/forms/honeypot-field';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useCreateTakedown } from '../api/create-takedown';
import { ReportIssueThanks } from './report-issue-thanks';

const SERVER_FIELDS = {
  type: 'type',
  description: 'description',
  email: 'email',
  content_url: 'content_url',
} as const;

/** The Report Issue tab: the form, then a thank-you panel with the request's reference. */
export function ReportIssue({ defaultEmail = '' }: { defaultEmail?: string }) {
  const [sent, setSent] = useState<TakedownCreated | null>(null);
  if (sent) return <ReportIssueThanks result={sent} onAnother={() => setSent(null)} />;
  return <ReportIssueForm defaultEmail={defaultEmail} onSent={setSent} />;
}

function ReportIssueForm({
  defaultEmail,
  onSent,
}: {
  defaultEmail: string;
  onSent: (result: TakedownCreated) => void;
}) {
  const create = useCreateTakedown();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(takedownCreateSchema),
    mode: 'onTouched',
    // No type is chosen at first: the empty option asks for one.
    defaultValues: { type: undefined, description: '', email: defaultEmail, content_url: '', website: '' },
  });
  const description = useWatch({ control, name: 'description' }) ?? '';

  const handleValidSubmit = handleSubmit((values) => {
    setFailure(null);
    create.mutate(values, {
      onSuccess: onSent,
      onError: (error) => {
        if (!applyFieldErrors(error, setError, SERVER_FIELDS))
          setFailure(apiErrorMessage(error, REPORT_MESSAGES.createFailed));
      },
    });
  });

  return (
    <form onSubmit={handleValidSubmit} noValidate className="relative grid gap-5">
      <FormAlert message={failure} />
      <FormField label="Type of issue" error={errors.type?.message}>
        <NativeSelect defaultValue="" {...register('type')}>
          <option value="" disabled>
            Choose the type of issue
          </option>
          {TAKEDOWN_TYPES.map((type) => (
            <option key={type} value={type}>
              {TAKEDOWN_TYPE_LABELS[type]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        label="Description"
        error={errors.description?.message}
        hint={
          <span className={description.length > REPORT_DESCRIPTION_MAX ? 'text-destructive' : undefined}>
            What is wrong, and where? {description.length}/{REPORT_DESCRIPTION_MAX}
            <span className="sr-only"> characters</span>
          </span>
        }
      >
        <Textarea rows={6} {...register('description')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Your email" error={errors.email?.message} hint="We only use it to answer this report.">
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </FormField>
        <FormField
          label="Content URL (optional)"
          error={errors.content_url?.message}
          hint="The address of the post or comment, if you have it."
        >
          <Input type="url" inputMode="url" placeholder="https://" {...register('content_url')} />
        </FormField>
      </div>
      <HoneypotField registration={register('website')} />
      <SubmitButton
        pending={create.isPending}
        pendingLabel="Submitting..."
        className="w-full sm:w-auto sm:justify-self-end"
      >
        Submit Report
      </SubmitButton>
    </form>
  );
}
