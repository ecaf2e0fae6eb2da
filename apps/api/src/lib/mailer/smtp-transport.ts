import nodemailer, { type Transporter } from 'nodemailer';

/**
 * How long a delivery may wait on the SMTP server at each step. nodemailer's own defaults (2 min to
 * connect, 30 s for the greeting, 10 min of silence mid-conversation) let a hung server hold a
 * delivery past the outbox lease (5 min, `mailer.ts`), after which a retry round may claim the same mail and
 * send it a second time. These keep the whole of a stalled delivery well inside the lease.
 */
export type SmtpTimeouts = { connectionTimeout: number; greetingTimeout: number; socketTimeout: number };
export const SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

/**
 * The transport for SMTP_URL, with SMTP_TIMEOUTS in its query unless the URL names its own
 * (`?socketTimeout=…`). In the query, not beside the URL: given a `url`, nodemailer reads only it.
 */
export function smtpTransport(url: string, timeouts: SmtpTimeouts = SMTP_TIMEOUTS): Transporter {
  const bounded = new URL(url);
  for (const [name, ms] of Object.entries(timeouts)) {
    if (!bounded.searchParams.has(name)) bounded.searchParams.set(name, String(ms));
  }
  return nodemailer.createTransport(bounded.toString());
}
