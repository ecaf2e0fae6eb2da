import {
  APP_NAME,
  REPORT_MESSAGES,
  REPORT_REVIEW_WINDOW,
  TAKEDOWN_TYPE_LABELS,
  type ReportStatus,
  type TakedownType,
} from '@kettle/shared';
import type { MailMessage } from './mailer.js';
import { layout } from './templates.js';

/**
 * The confirmation of a takedown request. The form is open to visitors and mails whatever
 * address it is given, so the mail carries only our own words (reference, type, promise) and
 * never the sender's description: the form cannot be used to relay text to a stranger.
 */
export function takedownReceivedMail(
  to: string,
  input: { reference: string; type: TakedownType; statusUrl: string },
): MailMessage {
  const lines = [
    `We received your request about: ${TAKEDOWN_TYPE_LABELS[input.type]}.`,
    `Your reference is ${input.reference}. Our team will review it within ${REPORT_REVIEW_WINDOW}.`,
    'To check its status, enter the reference and this email address on the Moderation & Safety page.',
  ];
  const footer = 'If you did not send this request, ignore this email.';
  return {
    to,
    subject: `[${APP_NAME}] We received your request ${input.reference}`,
    text: `${lines.join('\n\n')}\n\n${input.statusUrl}\n\n${footer}`,
    html: layout('We received your request', [...lines, footer], { label: 'Check status', url: input.statusUrl }),
  };
}

/** The moderators' decision on a takedown request, sent to the address the request gave. */
export function takedownOutcomeMail(
  to: string,
  input: { reference: string; status: Exclude<ReportStatus, 'pending'>; statusUrl: string },
): MailMessage {
  const { outcome } = REPORT_MESSAGES;
  const title = input.status === 'approved' ? outcome.approvedTitle : outcome.rejectedTitle;
  const lines = [outcome.body(input.status, `request ${input.reference}`), `Reference: ${input.reference}`];
  return {
    to,
    subject: `[${APP_NAME}] ${title} (${input.reference})`,
    text: `${lines.join('\n\n')}\n\n${input.statusUrl}`,
    html: layout(title, lines, { label: 'Check status', url: input.statusUrl }),
  };
}
