import { zodResolver } from '@hookform/resolvers/zod';
import { APPEAL_MESSAGES, APPEAL_STATEMENT_MAX, banAppealInputSchema } from '@kettle/shared';
import { CircleCheckBig } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { FormAlert } from '@/components/forms/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useSubmitBanAppeal } from '../api/submit-ban-appeal';
import { StatementCounter } from './statement-counter';

const SERVER_FIELDS = { email: 'email', reference: 'reference', statement: 'statement' } as const;

function BanAppealSent({ message }: { message: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the focus was in is gone: move it to the news.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-success/40 bg-success/5 px-6 py-8 text-center">
      <CircleCheckBig className="size-10 text-success" aria-hidden="true" />
      <h4 ref={headingRef} tabIndex={-1} className="font-display text-xl font-semibold outline-none">
        Appeal sent
      </h4>
      <p className="max-w-md text-muted-foreground">{message}</p>
    </div>
  );
}

/**
 * 'Appeal a ban' for someone who cannot sign in: the banned account's email, the reference from
 * the ban email (filled in from `?reference=`, where that email's link leads), and the statement.
 */
export function BanAppealForm() {
  const [searchParams] = useSearchParams();
  const submit = useSubmitBanAppeal();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(banAppealInputSchema),
    mode: 'onTouched',
    defaultValues: { email: '', reference: searchParams.get('reference')?.trim() ?? '', statement: '' },
  });
  const statement = useWatch({ control, name: 'statement' }) ?? '';
  const fieldErrorsShown = submit.error instanceof ApiError && submit.error.fieldErrors.length > 0;

  const handleValidSubmit = handleSubmit((values) =>
    submit.mutate(values, { onError: (error) => applyFieldErrors(error, setError, SERVER_FIELDS) }),
  );

  if (submit.isSuccess) return <BanAppealSent message={submit.data.message} />;

  return (
    <form onSubmit={handleValidSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <FormField label="Email of the banned account" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </FormField>
        <FormField label="Reference from the ban email" error={errors.reference?.message}>
          <Input autoComplete="off" spellCheck={false} className="font-mono text-sm" {...register('reference')} />
        </FormField>
      </div>
      <FormField
        label="Why should the ban be lifted?"
        error={errors.statement?.message}
        hint={<StatementCounter length={statement.length} max={APPEAL_STATEMENT_MAX} />}
      >
        <Textarea rows={6} {...register('statement')} />
      </FormField>
      {submit.isError && !fieldErrorsShown ? (
        <FormAlert message={apiErrorMessage(submit.error, APPEAL_MESSAGES.submitFailed)} />
      ) : null}
      <SubmitButton
        pending={submit.isPending}
        pendingLabel="Sending..."
        className="w-full sm:w-auto sm:justify-self-start"
      >
        Send Appeal
      </SubmitButton>
    </form>
  );
}
