import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';

export type MailMessage = { to: string; subject: string; text: string; html: string; replyTo?: string };

export type Mailer = {
  /** Stores the mail in the outbox, then delivers it if a transport is configured. Never throws on delivery. */
  send: (message: MailMessage) => Promise<void>;
  /** Retries undelivered mail; called on a timer. */
  retryPending: () => Promise<void>;
  /** Waits for deliveries in flight (shutdown, tests). */
  flush: () => Promise<void>;
};

export type MailLogger = { warn: (obj: object, msg: string) => void };

const MAX_ATTEMPTS = 10;

/**
 * One mailer for every tier: without SMTP the outbox is the mailbox (read at /dev/mailbox);
 * with SMTP the outbox is the queue, so an SMTP outage delays mail instead of losing it.
 */
export function createMailer(options: { db: Db; from: string; transport?: Transporter; log: MailLogger }): Mailer {
  const { db, from, transport, log } = options;

  async function deliver(id: string, message: MailMessage): Promise<void> {
    if (!transport) return;
    try {
      await transport.sendMail({ from, ...message });
      await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, id));
    } catch (error) {
      const lastError = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
      log.warn({ mailId: id, err: lastError }, 'mail delivery failed; will retry');
      await db
        .update(mailOutbox)
        .set({ lastError, status: sql`case when ${mailOutbox.attempts} >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end` })
        .where(eq(mailOutbox.id, id));
    }
  }

  const inFlight = new Set<Promise<void>>();

  return {
    send: async (message) => {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...message, replyTo: message.replyTo ?? null, status: transport ? 'pending' : 'stored', attempts: transport ? 1 : 0 })
        .returning({ id: mailOutbox.id });
      if (!row || !transport) return;
      // Delivery runs after the response: a slow SMTP server must not reveal, by timing,
      // whether an address has an account.
      const delivery = deliver(row.id, message).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    flush: async () => {
      await Promise.allSettled([...inFlight]);
    },
    retryPending: async () => {
      if (!transport) return;
      const due = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
        .orderBy(asc(mailOutbox.createdAt))
        .limit(20);
      if (due.length === 0) return;
      // Claiming by bumping attempts keeps two servers from sending the same row in one round.
      const claimed = await db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1` })
        .where(and(inArray(mailOutbox.id, due.map((d) => d.id)), eq(mailOutbox.status, 'pending')))
        .returning();
      for (const row of claimed) {
        await deliver(row.id, { to: row.to, subject: row.subject, text: row.text, html: row.html, replyTo: row.replyTo ?? undefined });
      }
    },
  };
}
