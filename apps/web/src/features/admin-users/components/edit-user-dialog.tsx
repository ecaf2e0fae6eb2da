import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADMIN_USER_MESSAGES,
  adminUserEditFormSchema,
  type AdminUser,
  type AdminUserEditFormInput,
  type AdminUserUpdateInput,
} from '@kettle/shared';
import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { toastError } from '@/lib/toast-store';
import { useUpdateUser } from '../api/update-user';

const SERVER_FIELDS = { username: 'username', email: 'email', is_admin: 'is_admin' } as const;

/** Only what differs from the saved user is sent (PUT /admin/users/{id} takes a partial user). */
function changesOf(user: AdminUser, values: AdminUserEditFormInput): AdminUserUpdateInput {
  const changes: AdminUserUpdateInput = {};
  if (values.username !== user.username) changes.username = values.username;
  if (values.email !== user.email) changes.email = values.email;
  if (values.is_admin !== user.is_admin) changes.is_admin = values.is_admin;
  return changes;
}

/** 'Edit User': username, email and the admin flag, with the sign-up rules. */
export function EditUserDialog({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" aria-label={`Edit ${user.username}`}>
          <Pencil aria-hidden="true" /> Edit
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Edit User</DialogTitle>
        <DialogDescription>
          Changes apply on the user&apos;s next request and are kept in the audit log.
        </DialogDescription>
        {open ? <EditUserForm user={user} isSelf={isSelf} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditUserForm({ user, isSelf, onDone }: { user: AdminUser; isSelf: boolean; onDone: () => void }) {
  const update = useUpdateUser();
  const adminId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<AdminUserEditFormInput>({
    resolver: zodResolver(adminUserEditFormSchema),
    mode: 'onTouched',
    defaultValues: { username: user.username, email: user.email, is_admin: user.is_admin },
  });

  const handleValidSubmit = handleSubmit((values) => {
    const changes = changesOf(user, values);
    if (Object.keys(changes).length === 0) return onDone();
    update.mutate(
      { id: user.id, changes },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (!applyFieldErrors(error, setError, SERVER_FIELDS)) {
            toastError(apiErrorMessage(error, ADMIN_USER_MESSAGES.updateFailed));
          }
        },
      },
    );
  });

  return (
    <form onSubmit={handleValidSubmit} noValidate className="grid gap-4">
      <FormField label="Username" error={errors.username?.message}>
        <Input autoComplete="off" autoCapitalize="none" spellCheck={false} {...register('username')} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="off" spellCheck={false} {...register('email')} />
      </FormField>
      <div className="flex items-start gap-3 rounded-lg border border-border p-3">
        <input
          id={adminId}
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          aria-describedby={`${adminId}-hint`}
          // Not registered when locked: a disabled input would submit no value at all.
          {...(isSelf ? { checked: user.is_admin, disabled: true, readOnly: true } : register('is_admin'))}
        />
        <div className="grid gap-1">
          <label htmlFor={adminId} className="text-sm font-medium">
            Admin
          </label>
          <p id={`${adminId}-hint`} className="text-xs text-muted-foreground">
            {isSelf
              ? ADMIN_USER_MESSAGES.cannotDemoteSelf
              : 'Admins moderate posts, reports, categories, states and users.'}
          </p>
          {errors.is_admin?.message ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.is_admin.message}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline" disabled={update.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <SubmitButton pending={update.isPending} pendingLabel="Saving..." disabled={!isDirty}>
          Save Changes
        </SubmitButton>
      </div>
    </form>
  );
}
