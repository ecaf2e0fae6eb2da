import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema.js';
import { summarizeDbError } from '../log-redaction.js';

export type MailMessage = { to: string; subject: string; text: string; html: string; replyTo?: string };

export type Mailer = {
  /** Stores the mail in the outbox, then delivers it if a transport is configured. Never throws on delivery. */
  send: (message: MailMessage) => Promise<void>;
  /** Retries undelivered mail; called on a timer. */
  retryPending: () => Promise<void>;
  /** Waits for deliveries in flight (shutdown, tests). */
  flush: () => Promise<void>;
  /** Rejects when the SMTP server does not answer (/api/ready); absent when mail stays in the outbox. */
  ping?: () => Promise<void>;
};

export type MailLogger = { warn: (obj: object, msg: string) => void };

const MAX_ATTEMPTS = 10;
/** How long a claimed mail is left to its delivery; SMTP_TIMEOUTS (smtp-transport.ts) stay well inside it. */
export const LEASE_MS = 5 * 60_000;
/** Mails claimed and sent together in a retry round. */
const RETRY_BATCH = 20;
const lease = () => new Date(Date.now() + LEASE_MS);

/**
 * One mailer for every tier: without SMTP the outbox is the mailbox (read at /dev/mailbox);
 * with SMTP the outbox is the queue, so an SMTP outage delays mail instead of losing it.
 * A row is delivered only by whoever moved it to 'sending', so each mail goes out once.
 */
export function createMailer(options: { db: Db; from: string; transport?: Transporter; log: MailLogger }): Mailer {
  const { db, from, transport, log } = options;
  const inFlight = new Set<Promise<unknown>>();

  /**
   * Writes how a delivery went. With the database away the write is lost, never thrown (it runs
   * after the response, where a rejection would end the process): the row keeps its lease and a
   * retry round takes it up again once the lease ends.
   */
  async function record(id: string, outcome: PgUpdateSetSource<typeof mailOutbox>): Promise<void> {
    await db
      .update(mailOutbox)
      .set(outcome)
      .where(eq(mailOutbox.id, id))
      .catch((error: unknown) => log.warn({ mailId: id, dbError: summarizeDbError(error) }, 'mail status not saved'));
  }

  /** Sends one claimed mail; answers whether the SMTP server took it. */
  async function deliver(id: string, message: MailMessage): Promise<boolean> {
    if (!transport) return false;
    try {
      await transport.sendMail({ from, ...message });
    } catch (error) {
      const lastError = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
      log.warn({ mailId: id, err: lastError }, 'mail delivery failed; will retry');
      await record(id, {
        lastError,
        lockedUntil: null,
        status: sql`case when ${mailOutbox.attempts} >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end`,
      });
      return false;
    }
    await record(id, { status: 'sent', sentAt: new Date(), lockedUntil: null });
    return true;
  }

  /** Claims and sends up to one batch of due mail; answers whether it was a full batch, all delivered. */
  async function retryBatch(): Promise<boolean> {
    if (!transport) return false;
    const due = or(
      eq(mailOutbox.status, 'pending'),
      and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.lockedUntil, sql`now()`)),
    );
    const candidates = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(due, lt(mailOutbox.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(RETRY_BATCH);
    if (candidates.length === 0) return false;
    // The status check is repeated in the update: of two rounds racing, only one claims a row.
    const claimed = await db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, lockedUntil: lease() })
      .where(
        and(
          inArray(
            mailOutbox.id,
            candidates.map((c) => c.id),
          ),
          due,
        ),
      )
      .returning();
    const sent = await Promise.all(
      claimed.map((row) =>
        deliver(row.id, {
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          replyTo: row.replyTo ?? undefined,
        }),
      ),
    );
    return claimed.length === RETRY_BATCH && sent.every(Boolean);
  }

  const track = (delivery: Promise<unknown>) => {
    const tracked = delivery.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  return {
    send: async (message) => {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          ...message,
          replyTo: message.replyTo ?? null,
          status: transport ? 'sending' : 'stored',
          attempts: transport ? 1 : 0,
          lockedUntil: transport ? lease() : null,
        })
        .returning({ id: mailOutbox.id });
      // Delivery runs after the response: a slow SMTP server must not reveal, by timing,
      // whether an address has an account.
      if (row && transport) track(deliver(row.id, message));
    },
    retryPending: async () => {
      // After an outage the backlog drains batch after batch while the server takes them; a
      // failure ends the round, so a server still away costs one attempt per mail, not ten.
      while (await retryBatch());
    },
    flush: async () => {
      await Promise.allSettled([...inFlight]);
    },
    ...(transport
      ? {
          ping: async () => {
            // SMTP transports greet and quit; a transport without `verify` (tests' own) has nothing to check.
            await transport.verify?.();
          },
        }
      : {}),
  };
}
