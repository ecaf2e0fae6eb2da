import { APP_NAME } from '@kettle/shared';
import type { MailMessage } from '../../lib/mailer/mailer.js';
import { layout } from '../../lib/mailer/templates.js';

/**
 * A security notice: if someone else turned it off, the owner hears at once. `byAdmin` when an
 * admin reset it (a member who lost their device asked for it).
 */
export function twoFactorDisabledMail(to: string, username: string, byAdmin = false): MailMessage {
  const title = `Two-factor sign-in is off on your ${APP_NAME} account`;
  const who = byAdmin ? 'An admin turned off two-factor sign-in' : 'Two-factor sign-in was just turned off';
  const lines = [
    `Hi ${username},`,
    `${who} on your ${APP_NAME} account, and every session was signed out. Your password alone now protects it.`,
    'If this was you, there is nothing to do. If it was not, reset your password at once and turn two-factor sign-in back on.',
  ];
  return { to, subject: title, text: lines.join('\n\n'), html: layout(title, lines) };
}
