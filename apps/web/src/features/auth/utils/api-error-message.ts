import { ApiError } from '@/lib/api-client';

/** When the request never got an answer (offline, blocked); the §8 catalogue has no text for this. */
export const REQUEST_FAILED = 'Something went wrong. Please check your connection and try again.';

/** An ApiError already carries the §8 message; anything else gets the action's fallback. */
export const apiErrorMessage = (error: unknown, fallback: string = REQUEST_FAILED): string =>
  error instanceof ApiError && error.message ? error.message : fallback;
