import { ACTION_NOTICE_TEXT, APPEAL_WINDOW_DAYS, LIFT_MESSAGES, type AccountActionKind } from '@kettle/shared';
import type { MailMessage } from './mailer.js';
import { layout } from './templates.js';

export type ActionMail = {
  kind: AccountActionKind;
  ruleTitle: string;
  message: string;
  endsAt: string | null;
  /** Quoted in a ban mail: the banned user appeals without signing in, by email and reference. */
  reference: string;
};

function bodyOf(action: ActionMail): string {
  if (action.kind === 'suspension') {
    return ACTION_NOTICE_TEXT.suspension.body(action.ruleTitle, action.message, action.endsAt ?? '');
  }
  return ACTION_NOTICE_TEXT[action.kind].body(action.ruleTitle, action.message);
}

/**
 * A warning, suspension or ban, with its reason and how to appeal it. A banned account cannot
 * sign in, so its button opens the appeal form with the reference filled in.
 */
export function accountActionMail(to: string, username: string, action: ActionMail, origin: string): MailMessage {
  const { title } = ACTION_NOTICE_TEXT[action.kind];
  const lines = [
    `Hi ${username},`,
    bodyOf(action),
    `If you think this is wrong, you can appeal within ${APPEAL_WINDOW_DAYS} days. Reference: ${action.reference}.`,
  ];
  const button =
    action.kind === 'ban'
      ? { label: 'Appeal this ban', url: `${origin}/moderation?tab=status&reference=${action.reference}` }
      : { label: 'See your account standing', url: `${origin}/account` };
  return { to, subject: title, text: `${lines.join('\n\n')}\n\n${button.url}`, html: layout(title, lines, button) };
}

/** A ban or suspension an admin lifted on their own: what was lifted, and why. */
export function actionLiftedMail(
  to: string,
  username: string,
  lifted: { kind: 'ban' | 'suspension'; ruleTitle: string; reason: string },
  origin: string,
): MailMessage {
  const { title, body } = LIFT_MESSAGES.notice;
  const lines = [`Hi ${username},`, body(lifted.kind, lifted.ruleTitle, lifted.reason)];
  const button = { label: 'See your account standing', url: `${origin}/account` };
  return { to, subject: title, text: `${lines.join('\n\n')}\n\n${button.url}`, html: layout(title, lines, button) };
}
