import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMPANY_MESSAGES,
  companyCreateSchema,
  type Company,
  type CompanyCreateData,
  type CompanyCreateInput,
} from '@kettle/shared';
import { useForm, useWatch } from 'react-hook-form';
import { GuardedTextarea } from '@/components/privacy/guarded-textarea';
import { GuardNotes } from '@/components/privacy/guard-notes';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ApiError } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { useGuardFindings } from '@/lib/privacy-guard/use-guard-findings';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { useCreateCompany } from '../api/create-company';
import { useUpdateCompany } from '../api/update-company';

const FIELDS = { name: 'name', handle: 'handle', website: 'website', description: 'description' } as const;

const valuesOf = (company?: Company) => ({
  name: company?.name ?? '',
  handle: company?.handle ?? '',
  website: company?.website ?? '',
  description: company?.description ?? '',
});

/**
 * Create (no `company`) or edit the profile: the shared schema checks the fields as the API
 * does, and the server's answers (a claimed handle, a second profile) land under their field.
 */
export function CompanyForm({ company, onDone }: { company?: Company; onDone?: () => void }) {
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const pending = create.isPending || update.isPending;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<CompanyCreateInput, unknown, CompanyCreateData>({
    resolver: zodResolver(companyCreateSchema),
    mode: 'onTouched',
    defaultValues: valuesOf(company),
  });

  // The profile is public beside teas about real people: the guard marks what could reach one.
  const [description, handle] = useWatch({ control, name: ['description', 'handle'] });
  const descriptionText = typeof description === 'string' ? description : '';
  const subject = typeof handle === 'string' && /^@\w+$/.test(handle) ? handle : undefined;
  const findings = useGuardFindings(descriptionText, subject);

  const onError = (error: unknown) => {
    if (applyFieldErrors(error, setError, FIELDS)) return;
    if (error instanceof ApiError && error.status === 409) setError('root', { message: error.message });
    else toastError(apiErrorMessage(error));
  };

  const handleValidSubmit = handleSubmit((values) => {
    if (!company) {
      create.mutate(values, {
        onSuccess: () => {
          toastSuccess(COMPANY_MESSAGES.created);
          onDone?.();
        },
        onError,
      });
      return;
    }
    // Emptied optional fields are sent empty, so the edit clears them.
    update.mutate(
      { ...values, website: values.website ?? '', description: values.description ?? '' },
      {
        onSuccess: () => {
          toastSuccess(COMPANY_MESSAGES.updated);
          onDone?.();
        },
        onError,
      },
    );
  });

  return (
    <form onSubmit={handleValidSubmit} noValidate className="flex flex-col gap-4" aria-label="Company profile">
      <FormField label="Company name" error={errors.name?.message}>
        <Input autoComplete="organization" {...register('name')} />
      </FormField>
      <FormField
        label="Handle"
        error={errors.handle?.message}
        hint="The @handle posts tag, e.g. @kettletea. Letters, numbers and underscores."
      >
        <Input autoCapitalize="none" spellCheck={false} placeholder="@yourbrand" {...register('handle')} />
      </FormField>
      <FormField label="Website (optional)" error={errors.website?.message}>
        <Input type="url" inputMode="url" placeholder="https://" {...register('website')} />
      </FormField>
      <FormField label="Description (optional)" error={errors.description?.message}>
        <GuardedTextarea text={descriptionText} findings={findings} {...register('description')} />
      </FormField>
      <GuardNotes
        text={descriptionText}
        findings={findings}
        onFix={(next) => setValue('description', next, { shouldDirty: true, shouldValidate: true })}
      />
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending} pendingLabel="Saving...">
          {company ? 'Save changes' : 'Create company profile'}
        </SubmitButton>
        {onDone ? (
          <Button variant="outline" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
