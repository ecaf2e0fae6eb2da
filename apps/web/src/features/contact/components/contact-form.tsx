import { zodResolver } from '@hookform/resolvers/zod';
import { contactSchema, MESSAGES } from '@kettle/shared';
import { useForm, useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { HoneypotField } from '@/components/forms/honeypot-field';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { ApiError } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { useSendContact } from '../api/send-contact';

const MESSAGE_MAX = contactSchema.shape.message.maxLength ?? 0;
const SERVER_FIELDS = { fullname: 'fullname', email: 'email', subject: 'subject', message: 'message' } as const;

const failureMessage = (error: unknown): string =>
  error instanceof ApiError && error.status === 413
    ? MESSAGES.contact.tooLarge
    : apiErrorMessage(error, MESSAGES.contact.failedNotice);

/** Validated on every change (product.md §5); Send stays disabled until every field passes. */
export function ContactForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const send = useSendContact();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isValid },
  } = useForm({
    resolver: zodResolver(contactSchema),
    mode: 'onChange',
    defaultValues: { fullname: '', email: defaultEmail, subject: '', message: '', website: '' },
  });
  const message = useWatch({ control, name: 'message' });

  const handleValidSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        toastSuccess(MESSAGES.contact.sent);
        reset();
      },
      onError: (error) => {
        applyFieldErrors(error, setError, SERVER_FIELDS);
        toastError(failureMessage(error));
      },
    }),
  );

  return (
    <form onSubmit={handleValidSubmit} noValidate className="relative flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Full Name" error={errors.fullname?.message}>
          <Input autoComplete="name" {...register('fullname')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </FormField>
      </div>
      <FormField label="Subject" error={errors.subject?.message}>
        <Input {...register('subject')} />
      </FormField>
      <FormField
        label="Message"
        error={errors.message?.message}
        hint={
          <span className={message.length > MESSAGE_MAX ? 'text-destructive' : undefined}>
            {message.length}/{MESSAGE_MAX}
            <span className="sr-only"> characters</span>
          </span>
        }
      >
        <Textarea rows={6} {...register('message')} />
      </FormField>
      <HoneypotField registration={register('website')} />
      <SubmitButton
        pending={send.isPending}
        pendingLabel="Sending..."
        disabled={!isValid}
        className="w-full sm:w-auto sm:self-end"
      >
        Send Message
      </SubmitButton>
    </form>
  );
}
