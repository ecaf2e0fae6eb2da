import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { PasswordChecklist } from '@/components/forms/password-checklist';

/** A new-password input with its live checklist, shared by sign-up, reset and change password. */
export function NewPasswordField({
  label,
  password,
  error,
  registration,
}: {
  label: string;
  password: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField label={label} error={error} hint={<PasswordChecklist password={password} />}>
      <PasswordInput autoComplete="new-password" {...registration} />
    </FormField>
  );
}
