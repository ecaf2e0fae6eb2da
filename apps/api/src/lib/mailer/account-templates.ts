import { APP_NAME } from '@kettle/shared';
import type { MailMessage } from './mailer.js';
import { layout } from './templates.js';

/** Sent to the address the account had, once it is gone: proof for the owner, alarm for a thief. */
export function accountDeletedMail(to: string, username: string): MailMessage {
  const title = `Your ${APP_NAME} account was deleted`;
  const lines = [
    `Hi ${username},`,
    `Your ${APP_NAME} account has been deleted, as asked. Your email, username and password are erased and every session is signed out.`,
    "Published teas stay on the site as by 'deleted user', and your comments read '[deleted]'. Purchase records are kept for accounting, without your personal data.",
    'If you did not ask for this, reply to this email at once.',
  ];
  return { to, subject: title, text: lines.join('\n\n'), html: layout(title, lines) };
}
