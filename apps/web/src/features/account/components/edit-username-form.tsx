import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, profileUpdateSchema } from '@kettle/shared';
import { useForm } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { ApiError } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast-store';
import { useUpdateProfile } from '../api/update-profile';

export function EditUsernameForm({ username }: { username: string }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(profileUpdateSchema),
    // One field, edited in place: say what is wrong while typing, not only after leaving it
    // (a 1-character name showed nothing until blur).
    mode: 'onChange',
    defaultValues: { username },
  });

  const handleValidSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (user) => {
        toastSuccess(MESSAGES.profile.updated);
        reset({ username: user.username });
      },
      onError: (error) => {
        if (applyFieldErrors(error, setError, { username: 'username' })) return;
        // A 409 without field detail is still about the username.
        if (error instanceof ApiError && error.status === 409) setError('username', { message: error.message });
        else toastError(apiErrorMessage(error));
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Edit username</CardTitle>
        <CardDescription>Your username is the only name other people see.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleValidSubmit} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="flex-1">
            <FormField label="Username" error={errors.username?.message}>
              <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...register('username')} />
            </FormField>
          </div>
          <SubmitButton pending={update.isPending} pendingLabel="Saving..." disabled={!isDirty} className="sm:mt-6">
            Save username
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
