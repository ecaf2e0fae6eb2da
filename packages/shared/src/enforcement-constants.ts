/** Enforcement's rules, words and numbers (no zod here: pages that only show them stay light). */
import { formatUntil } from './format-until.js';

export { formatUntil, suspendedUntilText } from './format-until.js';

/**
 * The community rules the Guidelines and the Terms publish, with the ids an enforcement action
 * names (issue 14): the page and the API read the same list, so an action can only cite a rule
 * readers can see.
 */
export const COMMUNITY_RULES = [
  {
    id: 'truthful',
    title: 'Share what you actually know',
    detail:
      'Post your own experience or what you witnessed. Say when something is your opinion, and never make up a story.',
  },
  {
    id: 'privacy',
    title: 'Keep private lives private',
    detail:
      'Tag a public handle only. No real names, addresses, phone numbers, workplaces, private photos, or health and money details.',
  },
  {
    id: 'respect',
    title: 'Talk about behaviour, not identity',
    detail: 'No harassment, hate, threats or calls to pile on. Criticise what someone did, not who they are.',
  },
  {
    id: 'minors',
    title: 'Leave minors out of it',
    detail: 'Never post about, or pictures of, anyone under 18, even with their details hidden.',
  },
  {
    id: 'fair_play',
    title: 'Play fair',
    detail: 'One account per person. No spam, fake reports, vote trading, impersonation, or coming back after a ban.',
  },
] as const;

export type CommunityRuleId = (typeof COMMUNITY_RULES)[number]['id'];
export const RULE_IDS = COMMUNITY_RULES.map((rule) => rule.id) as [CommunityRuleId, ...CommunityRuleId[]];

export const ruleTitle = (id: string): string => COMMUNITY_RULES.find((rule) => rule.id === id)?.title ?? id;

/** The Guidelines' ladder: how long a suspension may last, and how long a decision stays appealable. */
export const SUSPENSION_DAYS = { min: 1, max: 30 } as const;
export const APPEAL_WINDOW_DAYS = 30;
export const ACTION_MESSAGE_MAX = 1000;

export const ACCOUNT_ACTION_KINDS = ['warning', 'suspension', 'ban'] as const;
export type AccountActionKind = (typeof ACCOUNT_ACTION_KINDS)[number];

export const ACCOUNT_ACTION_LABELS: Record<AccountActionKind, string> = {
  warning: 'Warning',
  suspension: 'Suspension',
  ban: 'Permanent ban',
};

export const ENFORCEMENT_MESSAGES = {
  kindRequired: 'Choose a warning, a suspension or a ban',
  ruleRequired: 'Choose the rule that was broken',
  messageRequired: 'Tell the user why',
  messageTooLong: `The message must be at most ${ACTION_MESSAGE_MAX} characters`,
  daysRequired: `Choose how many days, ${SUSPENSION_DAYS.min}-${SUSPENSION_DAYS.max}`,
  daysRange: `A suspension lasts ${SUSPENSION_DAYS.min} to ${SUSPENSION_DAYS.max} days`,
  daysOnlyForSuspension: 'Only a suspension has a number of days',
  postNotTheirs: 'That tea is not one of this user’s',
  cannotActOnSelf: 'You cannot take action against your own account.',
  fetchFailed: 'Failed to load account actions',
  issueFailed: 'Failed to record the action',
  issued: {
    warning: 'Warning sent.',
    suspension: 'User suspended.',
    ban: 'User banned.',
  } satisfies Record<AccountActionKind, string>,
  /** The 403 detail of every paid or public action while suspended. */
  suspended: (until: string | Date) =>
    `Your account is suspended until ${formatUntil(until)}. You can still read and buy coins.`,
} as const;

/** What the user is told, in-app and by mail (notifications.ts kinds account_*). */
export const ACTION_NOTICE_TEXT = {
  warning: {
    title: 'You received a warning',
    body: (rule: string, message: string) =>
      `A moderator warned you for breaking the rule "${rule}". Reason: ${message}`,
  },
  suspension: {
    title: 'Your account is suspended',
    body: (rule: string, message: string, until: string) =>
      `Your account is suspended until ${formatUntil(until)} for breaking the rule "${rule}". Reason: ${message} ` +
      'You can still sign in, read and buy coins.',
  },
  ban: {
    title: 'Your account is banned',
    body: (rule: string, message: string) =>
      `Your account is permanently banned for breaking the rule "${rule}". Reason: ${message}`,
  },
} as const;
