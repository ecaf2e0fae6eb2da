import { NOTIFICATION_TEXT } from '@kettle/shared';
import type { MailMessage } from './mailer.js';
import { layout } from './templates.js';

export function postApprovedMail(to: string, username: string, postTitle: string, url: string): MailMessage {
  const { title, body } = NOTIFICATION_TEXT.postApproved;
  const lines = [`Hi ${username},`, body(postTitle)];
  return {
    to,
    subject: title,
    text: `${lines.join('\n\n')}\n\n${url}`,
    html: layout(title, lines, { label: 'View your tea', url }),
  };
}

export function postRejectedMail(
  to: string,
  username: string,
  postTitle: string,
  reason: string | null,
  url: string,
): MailMessage {
  const { title, body } = NOTIFICATION_TEXT.postRejected;
  const lines = [`Hi ${username},`, body(postTitle, reason)];
  return {
    to,
    subject: title,
    text: `${lines.join('\n\n')}\n\n${url}`,
    html: layout(title, lines, { label: 'Go to My Teas', url }),
  };
}
