import { z } from './z.js';
import { APPEAL_WINDOW_DAYS, formatUntil } from './enforcement-constants.js';

/** What an account really is, for the users page: a ban is not a deactivation (issue 70). */
export const ACCOUNT_STATES = ['active', 'suspended', 'banned', 'deactivated', 'deleted'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export const ACCOUNT_STATE_LABELS: Record<AccountState, string> = {
  active: 'Active',
  suspended: 'Suspended',
  banned: 'Banned',
  deactivated: 'Deactivated',
  deleted: 'Deleted',
};

/**
 * The account's standing as admins see it: since when, until when (a suspension), under which
 * rule, and the action that can be lifted (a ban or a suspension in force).
 */
export const accountStandingSummarySchema = z.object({
  state: z.enum(ACCOUNT_STATES),
  since: z.string().nullable(),
  until: z.string().nullable(),
  rule_title: z.string().nullable(),
  action_id: z.uuid().nullable(),
});
export type AccountStandingSummary = z.infer<typeof accountStandingSummarySchema>;

export const LIFT_REASON_MAX = 1000;

export const LIFT_MESSAGES = {
  reasonRequired: 'Say why the action is lifted',
  reasonTooLong: `The reason must be at most ${LIFT_REASON_MAX} characters`,
  notLiftable: 'Only a ban or a suspension still in force can be lifted.',
  banStands: 'This account is banned. Lift the ban to reopen it; Activate does not undo a ban.',
  liftFailed: 'Failed to lift the action',
  lifted: { ban: 'Ban lifted.', suspension: 'Suspension lifted.' },
  /** The appeal against a lifted action is closed with this reason, so the member sees why. */
  appealClosed: (reason: string) => `The action was lifted by a moderator. ${reason}`,
  notice: {
    title: 'Your account is restored',
    body: (kind: 'ban' | 'suspension', rule: string, reason: string) =>
      `A moderator lifted the ${kind === 'ban' ? 'ban' : 'suspension'} for the rule "${rule}". Reason: ${reason}`,
  },
} as const;

/** POST /admin/users/{id}/actions/{actionId}/lift: one schema for the dialog and the route. */
export const liftActionInputSchema = z.object({
  reason: z
    .string({ error: LIFT_MESSAGES.reasonRequired })
    .trim()
    .min(1, LIFT_MESSAGES.reasonRequired)
    .max(LIFT_REASON_MAX, LIFT_MESSAGES.reasonTooLong),
});
export type LiftActionInput = z.input<typeof liftActionInputSchema>;

/**
 * What a banned account is told at sign-in and on any signed-in request (403 ACCOUNT_BANNED):
 * the rule, the date, and the appeal form with the ban's reference while the window is open.
 */
export const banNoticeSchema = z.object({
  reference: z.uuid(),
  rule_title: z.string(),
  message: z.string(),
  banned_at: z.string(),
  appeal_until: z.string(),
  /** The app path of the appeal form with the reference filled in; null once the window closed. */
  appeal_path: z.string().nullable(),
});
export type BanNotice = z.infer<typeof banNoticeSchema>;

export const BAN_MESSAGES = {
  title: 'Your account is banned',
  detail: (rule: string, at: string | Date) =>
    `Your account is banned for breaking the rule "${rule}" since ${formatUntil(at)}.`,
  appeal: (until: string | Date) =>
    `You can appeal until ${formatUntil(until)} (${APPEAL_WINDOW_DAYS} days from the ban).`,
  appealClosed: `The ${APPEAL_WINDOW_DAYS} days to appeal this ban have passed.`,
} as const;
