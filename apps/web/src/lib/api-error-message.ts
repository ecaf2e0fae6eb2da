import { MESSAGES } from '@kettle/shared';
import { ApiError } from './api-client';

/** An ApiError already carries the §8 message; anything else gets the action's fallback. */
export const apiErrorMessage = (error: unknown, fallback: string = MESSAGES.requestFailed): string =>
  error instanceof ApiError && error.message ? error.message : fallback;
