import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordFormSchema, MESSAGES } from '@kettle/shared';
import { useForm, useWatch } from 'react-hook-form';
import { NewPasswordField } from '@/components/forms/new-password-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { useUpdatePassword } from '../api/update-password';

const EMPTY = { current_password: '', new_password: '', confirm_password: '' };
const SERVER_FIELDS = { current_password: 'current_password', new_password: 'new_password' } as const;

export function ChangePasswordForm() {
  const update = useUpdatePassword();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changePasswordFormSchema), mode: 'onTouched', defaultValues: EMPTY });
  const newPassword = useWatch({ control, name: 'new_password' });

  const handleValidSubmit = handleSubmit(({ current_password, new_password }) =>
    update.mutate(
      { current_password, new_password },
      {
        onSuccess: () => {
          toastSuccess(MESSAGES.auth.passwordUpdated);
          reset(EMPTY);
        },
        onError: (error) => {
          if (!applyFieldErrors(error, setError, SERVER_FIELDS)) toastError(apiErrorMessage(error));
        },
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Change password</CardTitle>
        <CardDescription>You stay signed in here; your other devices will need to sign in again.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleValidSubmit} noValidate className="flex flex-col gap-4">
          <FormField label="Current password" error={errors.current_password?.message}>
            <PasswordInput autoComplete="current-password" {...register('current_password')} />
          </FormField>
          <NewPasswordField
            label="New password"
            password={newPassword}
            error={errors.new_password?.message}
            registration={register('new_password')}
          />
          <FormField label="Confirm new password" error={errors.confirm_password?.message}>
            <PasswordInput autoComplete="new-password" {...register('confirm_password')} />
          </FormField>
          <SubmitButton pending={update.isPending} pendingLabel="Updating..." className="w-full sm:w-auto sm:self-end">
            Update password
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
