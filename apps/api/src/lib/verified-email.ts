import { ERROR_CODES, MESSAGES } from '@kettle/shared';
import { forbidden } from './app-error.js';

/**
 * Acting on Kettle (submitting, unlocking, voting, commenting, reporting, emptying a pot,
 * subscribing) needs a confirmed address, so throwaway accounts cannot spend or write. Checked
 * first, before the body is read.
 */
export function assertEmailVerified(user: { emailVerifiedAt: Date | null }): void {
  if (user.emailVerifiedAt === null) throw forbidden(MESSAGES.auth.emailNotVerified, ERROR_CODES.emailNotVerified);
}
