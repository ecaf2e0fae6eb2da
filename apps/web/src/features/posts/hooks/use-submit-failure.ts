import { ERROR_CODES, type PostCreateInput } from '@kettle/shared';
import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { toastError } from '@/lib/toast-store';

/** The API's field names under the tea form's. */
export const POST_SERVER_FIELDS = {
  title: 'title',
  content: 'content',
  category_id: 'category_id',
  state_id: 'state_id',
  tagged_handle: 'tagged_handle',
  bounty: 'bounty',
  evidence_link: 'evidence_link',
  attested: 'attested',
} as const satisfies Record<string, Path<PostCreateInput>>;

const IMAGE_FIELDS = new Set(['images', 'image']);

/**
 * How a failed tea or reversal is told: missing coins get an alert with the way to more coins,
 * field errors go under their fields (images under the picker), anything else a destructive toast.
 */
export function useSubmitFailure<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fallback: string,
  fields: Partial<Record<string, Path<T>>>,
) {
  const [coinsShort, setCoinsShort] = useState<string | null>(null);
  const [imagesError, setImagesError] = useState<string | undefined>();

  const handleError = (error: unknown) => {
    if (error instanceof ApiError && error.code === ERROR_CODES.insufficientCoins) {
      setCoinsShort(error.message);
      return;
    }
    const imageError =
      error instanceof ApiError ? error.fieldErrors.find(({ field }) => IMAGE_FIELDS.has(field)) : undefined;
    setImagesError(imageError?.message);
    const placed = applyFieldErrors(error, setError, fields);
    if (placed || imageError) return;
    toastError(apiErrorMessage(error, fallback));
  };

  const clear = () => {
    setCoinsShort(null);
    setImagesError(undefined);
  };

  return { coinsShort, imagesError, handleError, clear };
}
