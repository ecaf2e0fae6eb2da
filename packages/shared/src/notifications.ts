import { z } from './z.js';
import { APP_NAME } from './brand.js';
import { REPORT_MESSAGES } from './reports.js';

export const NOTIFICATION_KINDS = [
  'post_approved',
  'post_rejected',
  'report_approved',
  'report_rejected',
  'bounty_awarded',
  'bounty_refunded',
  'bounty_escrowed',
  'bounty_withdrawn',
  'company_verified',
  'company_unverified',
  'account_warning',
  'account_suspended',
  'account_banned',
  'account_restored',
  'appeal_upheld',
  'appeal_denied',
  'comment_published',
  'comment_rejected',
  'comment_redacted',
] as const;

/** What the author is told when a moderator decides (decisions.md, Posts). */
export const NOTIFICATION_TEXT = {
  postApproved: {
    title: 'Your tea is published',
    body: (postTitle: string) => `Your tea "${postTitle}" is now live on ${APP_NAME}.`,
  },
  /** A moderator read a comment the privacy guard held (issue 73). */
  commentPublished: {
    title: 'Your comment is published',
    body: (removed: string) =>
      removed
        ? `A moderator published your comment after removing: ${removed}, to keep private lives private.`
        : 'A moderator read your comment and published it as you wrote it.',
  },
  /** A moderator removed what the privacy guard found in a comment already published. */
  commentRedacted: {
    title: 'Part of your comment was removed',
    body: (removed: string) => `To keep private lives private, a moderator removed from your comment: ${removed}.`,
  },
  commentRejected: {
    title: 'Your comment was not published',
    body: (reason: string | null) =>
      `A moderator did not publish your comment, and your coins are back in your balance.${reason ? ` Reason: ${reason}` : ''}`,
  },
  /** A moderator published the tea after removing what the privacy guard flagged (issue 73). */
  postRedacted: {
    title: 'Your tea is published, with private details removed',
    body: (postTitle: string, removed: string) =>
      `Your tea "${postTitle}" is now live on ${APP_NAME}. To keep private lives private, a moderator removed: ${removed}.`,
  },
  postRejected: {
    title: 'Your tea was not published',
    body: (postTitle: string, reason?: string | null) =>
      reason
        ? `Your tea "${postTitle}" was not published. Reason: ${reason}`
        : `Your tea "${postTitle}" was not published.`,
  },
  /** The reporter hears how a moderator decided (issue 5); `what` names the reported thing. */
  reportApproved: {
    title: REPORT_MESSAGES.outcome.approvedTitle,
    body: (what: string) => REPORT_MESSAGES.outcome.body('approved', what),
  },
  reportRejected: {
    title: REPORT_MESSAGES.outcome.rejectedTitle,
    body: (what: string) => REPORT_MESSAGES.outcome.body('rejected', what),
  },
  /** The commenter whose comment won a tea's bounty. */
  bountyAwarded: {
    title: 'You won a bounty',
    body: (coins: number, postTitle: string) =>
      `Your comment on "${postTitle}" was awarded the bounty: ${coins.toLocaleString('en-US')} Tea Coins are in your balance.`,
  },
  /** The author, when an unawarded bounty goes back (rejection, removal, or expiry). */
  bountyRefunded: {
    title: 'Your bounty was refunded',
    body: (coins: number, postTitle: string, why: string) =>
      `The ${coins.toLocaleString('en-US')} Tea Coins of bounty on "${postTitle}" are back in your balance: ${why}.`,
  },
  /** The author, when a taken-down tea comes back and its refunded bounty is held again. */
  bountyHeldAgain: {
    title: 'Your bounty is held again',
    body: (coins: number, postTitle: string) =>
      `"${postTitle}" is back, so its bounty of ${coins.toLocaleString('en-US')} Tea Coins is held from your balance again until you award it.`,
  },
  /** The author, when a taken-down tea comes back but the refunded bounty is no longer in their balance. */
  bountyWithdrawn: {
    title: 'Your tea is back without its bounty',
    body: (coins: number, postTitle: string) =>
      `"${postTitle}" is back without its ${coins.toLocaleString('en-US')}-coin bounty: your balance no longer covers it, so nothing was charged.`,
  },
} as const;

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  data: z.array(notificationSchema),
  metadata: z.object({
    total_elements: z.number().int(),
    skip: z.number().int(),
    limit: z.number().int(),
    unread_count: z.number().int(),
  }),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationIdParamSchema = z.object({ id: z.uuid('Notification not found.') });

export const NOTIFICATION_MESSAGES = { notFound: 'Notification not found.' } as const;
