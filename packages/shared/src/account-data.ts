import { z } from './z.js';
import { TWO_FACTOR_MESSAGES } from './two-factor.js';
import { currentUserSchema } from './users.js';

/** A person's data in their own hands (issue 14): the export file and the account's deletion. */
export const ACCOUNT_DATA_MESSAGES = {
  passwordRequired: 'Enter your password to confirm',
  wrongPassword: 'Your password is incorrect.',
  deleted: 'Your account has been deleted.',
  deleteFailed: 'Failed to delete your account',
  exportFailed: 'Failed to export your data',
  exportReady: 'Your data is downloading.',
  subscriptionActive: 'Cancel your coin subscription before deleting your account.',
  /** An admin's change to an account its owner deleted: there is no one left to act on. */
  accountDeleted: 'This account was deleted by its owner.',
  /** What the confirmation dialog states before anything is deleted. */
  consequences: [
    'Your email, username and password are erased, and you are signed out everywhere.',
    'Your Tea Coin balance is forfeited.',
    'Pending and rejected teas are deleted with their photos.',
    "Published teas stay, shown as by 'deleted user', because readers paid to unlock them.",
    "Your comments are shown as '[deleted]' in their threads.",
    'Purchase records are kept for accounting, without your personal data.',
  ],
} as const;

/** How a deleted account is shown wherever a username was (never a valid username: it has a space). */
export const DELETED_USERNAME = 'deleted user';
export const DELETED_COMMENT = '[deleted]';

/**
 * DELETE /users/me: the password proves it is the owner, not someone at an unlocked screen. With
 * two-factor sign-in on, a code too (from the app, or a recovery code): the server asks for it.
 * Empty counts as not given, so a form may always send the field.
 */
export const accountDeletionSchema = z.object({
  password: z
    .string({ error: ACCOUNT_DATA_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_DATA_MESSAGES.passwordRequired)
    .max(200),
  code: z.string().trim().max(32, TWO_FACTOR_MESSAGES.codeInvalid).optional(),
});
export type AccountDeletionInput = z.input<typeof accountDeletionSchema>;

const rows = z.array(z.record(z.string(), z.unknown()));

/** GET /users/me/export: everything Kettle holds about the caller, one section per kind. */
export const accountExportSchema = z.object({
  exported_at: z.string(),
  profile: currentUserSchema,
  teas: rows,
  comments: rows,
  votes: rows,
  unlocks: rows,
  reports: rows,
  account_actions: rows,
  appeals: rows,
  /** Comments a moderator removed, kept through the appeal window. */
  removed_comments: rows,
  /** Comments the privacy guard held, waiting for a moderator: the member's words, seen by nobody else. */
  held_comments: rows,
  purchases: rows,
  subscriptions: rows,
  ledger: rows,
  notifications: rows,
  blocks: rows,
  company: z.record(z.string(), z.unknown()).nullable(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
