import { ERROR_CODES } from '@kettle/shared';
import { ApiError } from '@/lib/api-client';

/**
 * A right two-factor code whose time step was already accepted. The forms empty the code field
 * for the app's next code instead of keeping one that cannot pass again.
 */
export const isCodeReplayed = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === ERROR_CODES.twoFactorCodeUsed;
