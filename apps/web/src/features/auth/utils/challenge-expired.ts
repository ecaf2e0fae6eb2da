import { ERROR_CODES } from '@kettle/shared';
import { ApiError } from '@/lib/api-client';

/**
 * A sign-in's challenge that ran out (5 minutes) or no longer applies: another code cannot help,
 * the sign-in starts again. The API answers it 401, a wrong code 400 at the code field.
 */
export const isChallengeExpired = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 401 && error.code === ERROR_CODES.twoFactorInvalid;
