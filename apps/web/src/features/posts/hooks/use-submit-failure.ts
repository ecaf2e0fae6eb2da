import { ERROR_CODES, type PostCreateInput } from '@kettle/shared';
import { useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { apiErrorMessage } from '@/lib/api-error-message';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { toastError } from '@/lib/toast-store';

const SERVER_FIELDS = {
  title: 'title',
  content: 'content',
  category_id: 'category_id',
  state_id: 'state_id',
  tagged_handle: 'tagged_handle',
  bounty: 'bounty',
  evidence_link: 'evidence_link',
} as const;

const IMAGE_FIELDS = new Set(['images', 'image']);

/**
 * How a failed tea or reversal is told: missing coins get an alert with the way to more coins,
 * field errors go under their fields (images under the picker), anything else a destructive toast.
 */
export function useSubmitFailure(setError: UseFormSetError<PostCreateInput>, fallback: string) {
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
    const placed = applyFieldErrors(error, setError, SERVER_FIELDS);
    if (placed || imageError) return;
    toastError(apiErrorMessage(error, fallback));
  };

  const clear = () => {
    setCoinsShort(null);
    setImagesError(undefined);
  };

  return { coinsShort, imagesError, handleError, clear };
}
