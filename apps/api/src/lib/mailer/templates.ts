import { APP_NAME, TOKEN_TTL } from '@kettle/shared';
import type { MailMessage } from './mailer.js';

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The one mail card: a heading, paragraphs and an optional button with its link spelled out. */
export function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#8a4b1c;color:#fffaf3;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#6b5545">Or paste this link into your browser:<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#fdf8f1;color:#2b1d12;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border:1px solid #e6d8c5;border-radius:16px;padding:28px">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button}
<p style="margin:24px 0 0;font-size:12px;color:#6b5545">${APP_NAME}</p></div></body></html>`;
}

export function verifyEmailMail(to: string, username: string, url: string): MailMessage {
  const lines = [
    `Hi ${username},`,
    `Welcome to ${APP_NAME}! Confirm your email address to start spilling tea.`,
    `This link works once and expires in ${TOKEN_TTL.verifyEmailHours} hours.`,
  ];
  return {
    to,
    subject: `Verify your ${APP_NAME} email`,
    text: `${lines.join('\n\n')}\n\n${url}\n\nIf you did not sign up, ignore this email.`,
    html: layout('Verify your email', [...lines, 'If you did not sign up, ignore this email.'], {
      label: 'Verify email',
      url,
    }),
  };
}

export function resetPasswordMail(to: string, username: string, url: string): MailMessage {
  const lines = [
    `Hi ${username},`,
    'Someone asked to reset the password of your account. If it was you, choose a new password:',
    `This link works once and expires in ${TOKEN_TTL.resetPasswordHours} hour.`,
  ];
  return {
    to,
    subject: `Reset your ${APP_NAME} password`,
    text: `${lines.join('\n\n')}\n\n${url}\n\nIf you did not ask for this, ignore this email; your password stays the same.`,
    html: layout(
      'Reset your password',
      [...lines, 'If you did not ask for this, ignore this email; your password stays the same.'],
      { label: 'Reset password', url },
    ),
  };
}

export function signInLinkMail(to: string, username: string, url: string): MailMessage {
  const lines = [
    `Hi ${username},`,
    `Someone asked to sign in to your ${APP_NAME} account with a link. If it was you, sign in here:`,
    `This link works once and expires in ${TOKEN_TTL.signInLinkMinutes} minutes.`,
  ];
  const ignore = 'If you did not ask for this, ignore this email; no one can sign in without it.';
  return {
    to,
    subject: `Your ${APP_NAME} sign-in link`,
    text: `${lines.join('\n\n')}\n\n${url}\n\n${ignore}`,
    html: layout(`Sign in to ${APP_NAME}`, [...lines, ignore], { label: 'Sign in', url }),
  };
}

export function contactMail(
  to: string,
  input: { fullname: string; email: string; subject: string; message: string },
): MailMessage {
  const lines = [`From: ${input.fullname} <${input.email}>`, `Subject: ${input.subject}`, input.message];
  return {
    to,
    replyTo: input.email,
    subject: `[${APP_NAME} contact] ${input.subject}`,
    text: lines.join('\n\n'),
    html: layout('New contact message', lines),
  };
}
