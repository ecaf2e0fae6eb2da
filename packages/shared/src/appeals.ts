import { z } from './z.js';
import { emailField } from './fields.js';
import { APPEAL_WINDOW_DAYS } from './enforcement-constants.js';

/** Appeals (issue 14): a user asks an admin to look again at a decision about them. */
export const APPEAL_TARGETS = ['post', 'comment', 'action'] as const;
export type AppealTarget = (typeof APPEAL_TARGETS)[number];
export const APPEAL_STATUSES = ['pending', 'upheld', 'denied'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const APPEAL_OUTCOMES = ['upheld', 'denied'] as const;
export const APPEAL_STATEMENT_MAX = 2000;
export const APPEAL_REASON_MAX = 1000;

export const APPEAL_STATUS_LABELS: Record<AppealStatus, string> = {
  pending: 'Under review',
  upheld: 'Upheld',
  denied: 'Denied',
};

/** What a decision is called wherever an appeal names it. */
export const APPEAL_DECISION_LABELS = {
  post_rejected: 'Tea not published',
  post_removed: 'Tea removed',
  comment_removed: 'Comment removed',
  warning: 'Warning',
  suspension: 'Suspension',
  ban: 'Permanent ban',
} as const;
export type AppealDecision = keyof typeof APPEAL_DECISION_LABELS;

/**
 * Who will review an appeal, as the appellant is told before and after sending it: an admin who
 * did not take the decision; the admin who took it, when no other admin may (Kettle has one);
 * or nobody yet, when the appellant is the only admin (nobody decides an appeal of their own).
 */
export const APPEAL_REVIEWERS = ['another_admin', 'deciding_admin', 'awaiting_admin'] as const;
export type AppealReviewer = (typeof APPEAL_REVIEWERS)[number];

export const APPEAL_REVIEWER_TEXT: Record<AppealReviewer, { form: string; sent: string }> = {
  another_admin: {
    form: 'An admin who did not take the decision reviews your appeal and tells you the outcome.',
    sent: 'Appeal sent. An admin who did not take the decision will review it within 5-7 days.',
  },
  deciding_admin: {
    form: 'Kettle has one admin, so the admin who made this decision reviews your appeal and tells you the outcome.',
    sent: 'Appeal sent. Kettle has one admin, so the admin who made this decision will review it within 5-7 days.',
  },
  awaiting_admin: {
    form: 'You cannot decide your own appeal and Kettle has no other admin: it waits until another admin can review it.',
    sent: 'Appeal sent. It waits until Kettle has another admin who can review it.',
  },
};

/** Admins only: why the admin reading a pending appeal may not decide it. */
export const APPEAL_REVIEW_BLOCKS = ['own_appeal', 'own_decision'] as const;
export type AppealReviewBlock = (typeof APPEAL_REVIEW_BLOCKS)[number];

export const APPEAL_REVIEW_BLOCK_TEXT: Record<AppealReviewBlock, string> = {
  own_appeal: 'Awaiting another admin: this appeal is against a decision about you.',
  own_decision: 'Awaiting another admin: you took this decision.',
};

export const APPEAL_MESSAGES = {
  statementRequired: 'Tell us why the decision was wrong',
  statementTooLong: `Your statement must be at most ${APPEAL_STATEMENT_MAX} characters`,
  targetRequired: 'Choose the decision you are appealing',
  reasonRequired: 'Give the user a reason',
  reasonTooLong: `The reason must be at most ${APPEAL_REASON_MAX} characters`,
  outcomeRequired: 'Choose upheld or denied',
  referenceRequired: 'Enter the reference from the ban email',
  notFound: 'There is no decision about you to appeal there.',
  banNotFound: 'No ban matches that email address and reference.',
  windowClosed: `Decisions can be appealed within ${APPEAL_WINDOW_DAYS} days; this one is older.`,
  alreadyAppealed: 'You have already appealed this decision.',
  alreadyReviewed: 'This appeal has already been decided.',
  sameAdmin: 'Another admin must review an appeal against your own decision.',
  ownAppeal: 'You cannot decide an appeal against a decision about yourself; another admin must.',
  submitted: APPEAL_REVIEWER_TEXT.another_admin.sent,
  decided: { upheld: 'Appeal upheld; the decision is reversed.', denied: 'Appeal denied.' },
  fetchFailed: 'Failed to load appeals',
  submitFailed: 'Failed to send the appeal',
  decideFailed: 'Failed to record the outcome',
  refundReason: (what: string) => `Appeal upheld: ${what}`,
} as const;

/** In-app and mail text of an outcome (notifications kinds appeal_upheld, appeal_denied). */
export const APPEAL_NOTICE_TEXT = {
  upheld: {
    title: 'Your appeal was upheld',
    body: (decision: string, reason: string) =>
      `Your appeal against "${decision}" was upheld and the decision reversed. ${reason}`,
  },
  denied: {
    title: 'Your appeal was denied',
    body: (decision: string, reason: string) => `Your appeal against "${decision}" was denied. ${reason}`,
  },
} as const;

const statementField = z
  .string({ error: APPEAL_MESSAGES.statementRequired })
  .trim()
  .min(1, APPEAL_MESSAGES.statementRequired)
  .max(APPEAL_STATEMENT_MAX, APPEAL_MESSAGES.statementTooLong);

/** POST /appeals: one schema for the form and the route. */
export const appealInputSchema = z.object({
  target_type: z.enum(APPEAL_TARGETS, { error: APPEAL_MESSAGES.targetRequired }),
  target_id: z.uuid({ error: APPEAL_MESSAGES.targetRequired }),
  statement: statementField,
});
export type AppealInput = z.input<typeof appealInputSchema>;

/** POST /appeals/ban: a banned user, who cannot sign in, names the ban by email and reference. */
export const banAppealInputSchema = z.object({
  email: emailField('Invalid email address'),
  reference: z.uuid({ error: APPEAL_MESSAGES.referenceRequired }),
  statement: statementField,
});
export type BanAppealInput = z.input<typeof banAppealInputSchema>;

/** PUT /admin/appeals/{id}. */
export const appealDecisionInputSchema = z.object({
  status: z.enum(APPEAL_OUTCOMES, { error: APPEAL_MESSAGES.outcomeRequired }),
  reason: z
    .string({ error: APPEAL_MESSAGES.reasonRequired })
    .trim()
    .min(1, APPEAL_MESSAGES.reasonRequired)
    .max(APPEAL_REASON_MAX, APPEAL_MESSAGES.reasonTooLong),
});
export type AppealDecisionInput = z.input<typeof appealDecisionInputSchema>;

export const appealListQuerySchema = z.object({
  status: z.enum(APPEAL_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AppealListQuery = z.input<typeof appealListQuerySchema>;

/** The decision an appeal is about, as it was taken. */
export const appealDecisionSchema = z.object({
  kind: z.enum(Object.keys(APPEAL_DECISION_LABELS) as [AppealDecision, ...AppealDecision[]]),
  label: z.string(),
  /** The rejection reason, or the action's rule and message. */
  reason: z.string().nullable(),
  rule_title: z.string().nullable(),
  decided_at: z.string(),
  /** Admins only: who decided. */
  decided_by: z.string().nullable(),
});

/** The content the decision touched, as admins review it (null on the user's own list). */
export const appealContentSchema = z.object({
  post_id: z.uuid().nullable(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  image_urls: z.array(z.string()),
});

export const appealSchema = z.object({
  id: z.uuid(),
  target_type: z.enum(APPEAL_TARGETS),
  target_id: z.uuid(),
  statement: z.string(),
  status: z.enum(APPEAL_STATUSES),
  /** The reviewer's reason, once decided. */
  reason: z.string().nullable(),
  decision: appealDecisionSchema,
  content: appealContentSchema.nullable(),
  /** Admins only. */
  user: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  reviewed_by: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  /** Who will review it while it is pending (null once decided). */
  reviewer: z.enum(APPEAL_REVIEWERS).nullable(),
  /** Admins only: why the requesting admin may not decide it (null when they may, or it is decided). */
  review_block: z.enum(APPEAL_REVIEW_BLOCKS).nullable(),
});
export type Appeal = z.infer<typeof appealSchema>;

export const appealListSchema = z.object({
  data: z.array(appealSchema),
  page: z.number().int(),
  total_pages: z.number().int(),
  total: z.number().int(),
});
export type AppealList = z.infer<typeof appealListSchema>;

/**
 * GET /appeals/eligible: the decisions about the caller still open to appeal, so the page can
 * offer an Appeal button beside each.
 */
export const appealableSchema = z.object({
  target_type: z.enum(APPEAL_TARGETS),
  target_id: z.uuid(),
  decision: appealDecisionSchema,
  title: z.string().nullable(),
  /** When the window closes. */
  appeal_by: z.string(),
  /** Who would review an appeal sent now, so the form can say so. */
  reviewer: z.enum(APPEAL_REVIEWERS),
});
export type Appealable = z.infer<typeof appealableSchema>;
export const appealableListSchema = z.object({ data: z.array(appealableSchema) });
export type AppealableList = z.infer<typeof appealableListSchema>;
