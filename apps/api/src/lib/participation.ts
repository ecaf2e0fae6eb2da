import { ENFORCEMENT_MESSAGES, ERROR_CODES } from '@kettle/shared';
import type { UserRow } from '../db/rows.js';
import { forbidden } from './app-error.js';
import { assertEmailVerified } from './verified-email.js';

/**
 * Taking part (submitting, unlocking, voting, commenting, reporting, emptying a pot) needs a
 * confirmed address and no suspension in force (issue 14). A suspended account still signs in,
 * reads and buys coins; its suspension ends by itself when `suspended_until` passes.
 */
export function assertMayParticipate(user: Pick<UserRow, 'emailVerifiedAt' | 'suspendedUntil'>): void {
  assertEmailVerified(user);
  const until = suspensionInForce(user);
  if (until) throw forbidden(ENFORCEMENT_MESSAGES.suspended(until), ERROR_CODES.accountSuspended);
}

/** The end of a suspension still in force, else null: one that has ended restored the account. */
export function suspensionInForce(user: Pick<UserRow, 'suspendedUntil'>): Date | null {
  const until = user.suspendedUntil;
  return until && until.getTime() > Date.now() ? until : null;
}
