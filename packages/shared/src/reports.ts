import { z } from './z.js';
import { emailField } from './fields.js';

/** product.md §5 'Report' reasons; the dialog's default is the first. */
export const REPORT_REASONS = [
  'inappropriate_content',
  'harassment',
  'spam',
  'false_information',
  'privacy_violation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const DEFAULT_REPORT_REASON: ReportReason = 'inappropriate_content';

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  inappropriate_content: 'Inappropriate content',
  harassment: 'Harassment',
  spam: 'Spam',
  false_information: 'False information',
  privacy_violation: 'Privacy violation',
  other: 'Other',
};

export const REPORT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Post and comment reports by users; takedown requests from the Moderation & Safety form. */
export const REPORT_KINDS = ['post', 'comment', 'takedown'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The Moderation & Safety form's 'type' select. */
export const TAKEDOWN_TYPES = [
  'harassment',
  'privacy_violation',
  'personal_information',
  'false_information',
  'impersonation',
  'copyright',
  'other',
] as const;
export type TakedownType = (typeof TAKEDOWN_TYPES)[number];
export const TAKEDOWN_TYPE_LABELS: Record<TakedownType, string> = {
  harassment: 'Harassment or bullying',
  privacy_violation: 'Privacy violation',
  personal_information: 'Personal information shared without permission',
  false_information: 'False or defamatory information',
  impersonation: 'Impersonation',
  copyright: 'Copyright or image rights',
  other: 'Other',
};

export const REPORT_DESCRIPTION_MAX = 1000;
/** The desk's search (a reference, an email, a tea's title, handle or URL). */
export const REPORT_SEARCH_MAX = 200;
/** product.md §9: how long a takedown request waits for review (the form's thanks and the mail). */
export const REPORT_REVIEW_WINDOW = '24-48 hours';
/** The reported comment's text kept on the report (the desk can read it after a deletion). */
export const REPORT_COMMENT_EXCERPT_CHARS = 280;

export const REPORT_MESSAGES = {
  submitted: 'Your report has been submitted and is pending review.',
  updated: (status: ReportStatus) => `Report status updated to ${status}.`,
  duplicate: 'You have already reported this.',
  createFailed: 'Failed to create report',
  updateFailed: 'Failed to update report',
  fetchFailed: 'Failed to fetch reports',
  fetchOneFailed: 'Failed to fetch report by post ID',
  notFound: 'Report not found.',
  /** The rejection reason a tea taken down after a report carries; the author may appeal it. */
  removedReason: 'Removed by a moderator after a report.',
  reasonRequired: 'Please choose a reason',
  descriptionTooLong: `Details cannot exceed ${REPORT_DESCRIPTION_MAX} characters`,
  takedownTypeRequired: 'Please choose the type of issue',
  takedownDescriptionRequired: 'Please describe the issue (at least 10 characters)',
  contentUrlInvalid: 'Please enter a valid URL (https://...)',
  takedownThanks: `Thank you. Our team will review your report within ${REPORT_REVIEW_WINDOW}.`,
  /** The request is kept; only its confirmation mail was held back (3 an hour per address). */
  takedownThanksUnmailed: `Thank you. Our team will review your report within ${REPORT_REVIEW_WINDOW}. We did not email a confirmation: this address has already had several from us in the last hour. Keep the reference below to check the status.`,
  lookupMissing: 'No request matches that reference and email.',
  ownPost: 'You cannot report your own post.',
  ownComment: 'You cannot report your own comment.',
  adminsDontReport: 'Admins handle reports from the reports desk; they do not file them.',
  tooManyTakedowns: 'Too many requests. Please try again later.',
  tooManyLookups: 'Too many lookups. Please try again later.',
  searchTooLong: `Search cannot exceed ${REPORT_SEARCH_MAX} characters`,
  loadFailed: 'Error Loading Reports',
  outcome: {
    approvedTitle: 'Your report was upheld',
    rejectedTitle: 'Your report was reviewed',
    body: (status: ReportStatus, what: string) =>
      status === 'approved'
        ? `Thanks: moderators upheld your report about ${what} and took action.`
        : `Moderators reviewed your report about ${what} and found no violation.`,
  },
} as const;

const descriptionField = z
  .string()
  .trim()
  .max(REPORT_DESCRIPTION_MAX, REPORT_MESSAGES.descriptionTooLong)
  .optional()
  .default('');

/** product.md §3 'Report' create payload, for posts and comments alike. */
export const reportCreateSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonRequired }),
  description: descriptionField,
});
export type ReportCreateInput = z.input<typeof reportCreateSchema>;
export type ReportCreateData = z.output<typeof reportCreateSchema>;

/** product.md §3 'Report' update payload. */
export const reportUpdateSchema = z.object({
  status: z.enum(REPORT_STATUSES),
  admin_notes: z.string().trim().max(REPORT_DESCRIPTION_MAX).nullable().optional(),
  /** Upholding a post report may remove the post in the same step (issue 5). */
  remove_post: z.boolean().optional().default(false),
});
export type ReportUpdateInput = z.input<typeof reportUpdateSchema>;
export type ReportUpdateData = z.output<typeof reportUpdateSchema>;

/** The Moderation & Safety 'Report Issue' form (takedown request), open to visitors too. */
export const takedownCreateSchema = z.object({
  type: z.enum(TAKEDOWN_TYPES, { error: REPORT_MESSAGES.takedownTypeRequired }),
  description: z
    .string({ error: REPORT_MESSAGES.takedownDescriptionRequired })
    .trim()
    .min(10, REPORT_MESSAGES.takedownDescriptionRequired)
    .max(REPORT_DESCRIPTION_MAX, REPORT_MESSAGES.descriptionTooLong),
  email: emailField(),
  content_url: z
    .string()
    .trim()
    .max(2048, REPORT_MESSAGES.contentUrlInvalid)
    .refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), REPORT_MESSAGES.contentUrlInvalid)
    .optional()
    .default(''),
  website: z.string().max(200).optional(),
});
export type TakedownCreateInput = z.input<typeof takedownCreateSchema>;
export type TakedownCreateData = z.output<typeof takedownCreateSchema>;

export const reportSchema = z.object({
  id: z.uuid(),
  reportId: z.uuid(),
  kind: z.enum(REPORT_KINDS),
  reference: z.string(),
  post_id: z.uuid().nullable(),
  comment_id: z.uuid().nullable(),
  comment_excerpt: z.string().nullable(),
  content_url: z.string().nullable(),
  /** The tea `post_id` names (for a takedown, the Kettle tea its URL names), so the desk can show it. */
  tea_title: z.string().nullable(),
  tea_handle: z.string().nullable(),
  /** Takedown requests only, and only to admins. */
  contact_email: z.string().nullable(),
  reporter_username: z.string().nullable(),
  /** Whose content was reported (the comment's or the tea's author): admins only, to act on them. */
  content_author_id: z.uuid().nullable(),
  reason: z.string(),
  description: z.string(),
  status: z.enum(REPORT_STATUSES),
  admin_notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportListQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES).optional(),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type ReportListQuery = z.output<typeof reportListQuerySchema>;

/** The admins' desk also searches: a reference, an email, a tea's title, handle or URL. */
export const adminReportListQuerySchema = reportListQuerySchema.extend({
  /** Blank means no search; `%` and `_` are plain characters. */
  search: z
    .string()
    .trim()
    .max(REPORT_SEARCH_MAX, REPORT_MESSAGES.searchTooLong)
    .optional()
    .transform((value) => value || undefined),
});
export type AdminReportListQuery = z.output<typeof adminReportListQuerySchema>;

/** product.md §3 'Report list result'. */
export const reportListSchema = z.object({
  reports: z.array(reportSchema),
  total: z.number().int(),
  total_pages: z.number().int(),
  has_next: z.boolean(),
  has_previous: z.boolean(),
});
export type ReportList = z.infer<typeof reportListSchema>;

export const reportCreatedSchema = z.object({
  message: z.literal(REPORT_MESSAGES.submitted),
  report: reportSchema,
  coin_balance: z.number().int(),
});
export type ReportCreated = z.infer<typeof reportCreatedSchema>;

/** GET /posts/{id}/my-report: null when the caller has not reported the post. */
export const myReportSchema = z.object({ report: reportSchema.nullable() });
export type MyReport = z.infer<typeof myReportSchema>;

export const takedownCreatedSchema = z.object({
  message: z.enum([REPORT_MESSAGES.takedownThanks, REPORT_MESSAGES.takedownThanksUnmailed]),
  reference: z.string(),
  /** False when the address had its share of confirmations this hour: the request is kept all the same. */
  confirmation_mailed: z.boolean(),
});
export type TakedownCreated = z.infer<typeof takedownCreatedSchema>;

export const takedownLookupSchema = z.object({
  /** References are upper case; a reader typing them in lower case still finds theirs. */
  reference: z
    .string({ error: REPORT_MESSAGES.lookupMissing })
    .trim()
    .min(1, REPORT_MESSAGES.lookupMissing)
    .max(32, REPORT_MESSAGES.lookupMissing)
    .transform((value) => value.toUpperCase()),
  email: emailField(),
});
export type TakedownLookupInput = z.input<typeof takedownLookupSchema>;
export type TakedownLookupData = z.output<typeof takedownLookupSchema>;

export const reportUpdatedSchema = z.object({
  message: z.string(),
  report: reportSchema,
});
export type ReportUpdated = z.infer<typeof reportUpdatedSchema>;
