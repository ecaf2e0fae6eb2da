import { and, inArray, lte } from 'drizzle-orm';
import { contactMessages, mailOutbox } from '../db/schema.js';
import type { SweepContext } from './sweep.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Mail once it has left (or given up): long enough to look into a 'did you send it?' question. */
export const SENT_MAIL_RETENTION_MS = 30 * DAY_MS;
/** Messages to the team: a year covers any follow-up on a conversation (docs/privacy.md). */
export const CONTACT_RETENTION_MS = 365 * DAY_MS;

/**
 * Forgets mail that was sent, kept for the dev mailbox or failed for good, 30 days on, and
 * contact messages a year on: both hold addresses and people's words, and nothing needs them
 * after that. Mail still waiting to go is never touched.
 */
export async function sweepOldMail(ctx: SweepContext, now: Date): Promise<number> {
  const mail = await ctx.db
    .delete(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.status, ['sent', 'stored', 'failed']),
        lte(mailOutbox.createdAt, new Date(now.getTime() - SENT_MAIL_RETENTION_MS)),
      ),
    )
    .returning({ id: mailOutbox.id });
  const messages = await ctx.db
    .delete(contactMessages)
    .where(lte(contactMessages.createdAt, new Date(now.getTime() - CONTACT_RETENTION_MS)))
    .returning({ id: contactMessages.id });
  return mail.length + messages.length;
}
