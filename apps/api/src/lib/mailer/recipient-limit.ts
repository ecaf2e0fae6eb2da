import { AppError } from '../app-error.js';
import type { RateLimits } from '../rate-limit.js';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * One key per inbox: case and spaces do not matter, and a `+tag` in the local part reaches the
 * same inbox at the providers that support it, so each spelling counts against one budget.
 */
export function recipientKey(address: string): string {
  const [local = '', domain = ''] = address
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  return `${local.split('+')[0] ?? local}@${domain.replace(/\.$/, '')}`;
}

/**
 * Sends a mail a public form asked for to an address nobody verified, unless that inbox already
 * had its share this hour; answers whether it went. The caller keeps what the form sent either
 * way: only the copy is held back.
 */
export async function sendToUnverified(
  deps: { limits: RateLimits; mailer: Mailer },
  message: MailMessage,
): Promise<boolean> {
  try {
    await deps.limits.hit('unverifiedMailPerRecipient', recipientKey(message.to));
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) return false;
    throw error;
  }
  await deps.mailer.send(message);
  return true;
}
