import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { toastError, toastSuccess } from '@/lib/toast-store';

/**
 * What a save does when it settles: a success notice and close; a field's 409 or 422 under
 * that field; anything else as the 'Error' notice. A 404 means the item is gone, so close too.
 */
export const saveHandlers =
  <T extends FieldValues>(setError: UseFormSetError<T>, fields: Partial<Record<string, Path<T>>>, onDone: () => void) =>
  (successMessage: string, fallback: string) => ({
    onSuccess: () => {
      toastSuccess(successMessage);
      onDone();
    },
    onError: (error: unknown) => {
      if (applyFieldErrors(error, setError, fields)) return;
      toastError(apiErrorMessage(error, fallback));
      if (error instanceof ApiError && error.status === 404) onDone();
    },
  });

export type SaveHandlers = (
  successMessage: string,
  fallback: string,
) => { onSuccess: () => void; onError: (error: unknown) => void };
