import { APPEAL_NOTICE_TEXT } from '@kettle/shared';
import type { MailMessage } from './mailer.js';
import { layout } from './templates.js';

export type AppealOutcomeMail = { status: 'upheld' | 'denied'; decision: string; reason: string };

/** The outcome of an appeal, with the reviewer's reason; a lifted ban's mail can sign in again. */
export function appealOutcomeMail(to: string, username: string, outcome: AppealOutcomeMail, url: string): MailMessage {
  const text = APPEAL_NOTICE_TEXT[outcome.status];
  const lines = [`Hi ${username},`, text.body(outcome.decision, outcome.reason)];
  const button = { label: 'See your appeals', url };
  return { to, subject: text.title, text: `${lines.join('\n\n')}\n\n${url}`, html: layout(text.title, lines, button) };
}
