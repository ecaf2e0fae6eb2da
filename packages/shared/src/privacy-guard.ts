import type { CommunityRuleId } from './enforcement-constants.js';
import { z } from './z.js';

/**
 * The privacy guard's catalogue: every kind of finding, how serious it is, the community rule it
 * maps to and the words the author and the moderator read. The detector (`@kettle/shared/guard`)
 * finds; this file names. It sits beside COMMUNITY_RULES so a rule and what enforces it read together.
 *
 * Severities: `high` is private data and `minor` a person under 18 (both hold a tea or comment for a
 * moderator); `hint` and `allegation` ask for a closer look and never hold anything by themselves.
 */
export const GUARD_SEVERITIES = ['high', 'minor', 'hint', 'allegation'] as const;
export type GuardSeverity = (typeof GUARD_SEVERITIES)[number];

type KindEntry = {
  severity: GuardSeverity;
  rule: CommunityRuleId;
  /** A short name for the highlight and the moderator's filter. */
  label: string;
  /** Why it matters, in plain words, shown beside the highlight. */
  why: string;
  /** What a one-click removal leaves in the text (private data); allegations are reworded instead. */
  removal?: string;
};

const PRIVATE = 'Keep private lives private: this could identify or reach a real person.';

export const GUARD_KINDS = {
  phone: { severity: 'high', rule: 'privacy', label: 'Phone number', why: PRIVATE, removal: '[phone removed]' },
  email: { severity: 'high', rule: 'privacy', label: 'Email address', why: PRIVATE, removal: '[email removed]' },
  address: { severity: 'high', rule: 'privacy', label: 'Street address', why: PRIVATE, removal: '[address removed]' },
  po_box: { severity: 'high', rule: 'privacy', label: 'PO box', why: PRIVATE, removal: '[address removed]' },
  zip: { severity: 'high', rule: 'privacy', label: 'ZIP code', why: PRIVATE, removal: '[ZIP removed]' },
  ssn: {
    severity: 'high',
    rule: 'privacy',
    label: 'Social Security number',
    why: 'A Social Security number opens someone’s finances to anyone who reads it.',
    removal: '[SSN removed]',
  },
  card: {
    severity: 'high',
    rule: 'privacy',
    label: 'Card number',
    why: 'A payment card number lets anyone who reads it spend someone else’s money.',
    removal: '[card removed]',
  },
  plate: { severity: 'high', rule: 'privacy', label: 'Licence plate', why: PRIVATE, removal: '[plate removed]' },
  birth_date: {
    severity: 'high',
    rule: 'privacy',
    label: 'Date of birth',
    why: PRIVATE,
    removal: '[birth date removed]',
  },
  handle: {
    severity: 'high',
    rule: 'privacy',
    label: 'Another person’s profile',
    why: 'Only the tagged subject’s handle belongs in a tea: naming another account drags a second person in.',
    removal: '[profile removed]',
  },
  minor: {
    severity: 'minor',
    rule: 'minors',
    label: 'A minor',
    why: 'Leave minors out of it: never post about anyone under 18, even without a name.',
    removal: '[minor removed]',
  },
  name: {
    severity: 'hint',
    rule: 'privacy',
    label: 'Full name',
    why: 'Tag a public handle only: a private person’s real name should not be in a tea.',
    removal: '[name removed]',
  },
  workplace: {
    severity: 'hint',
    rule: 'privacy',
    label: 'Workplace',
    why: 'Naming where someone works lets readers find them offline.',
    removal: '[workplace removed]',
  },
  health: {
    severity: 'hint',
    rule: 'privacy',
    label: 'Health detail',
    why: 'Health details are private, even when they are true.',
    removal: '[health detail removed]',
  },
  money: {
    severity: 'hint',
    rule: 'privacy',
    label: 'Money detail',
    why: 'Debts, salaries and money troubles are private, even when they are true.',
    removal: '[money detail removed]',
  },
  allegation: {
    severity: 'allegation',
    rule: 'truthful',
    label: 'Stated as fact',
    why: 'Share what you actually know: say what you saw or experienced, or say it is your opinion.',
  },
} as const satisfies Record<string, KindEntry>;

export type GuardKind = keyof typeof GUARD_KINDS;
export const GUARD_KIND_IDS = Object.keys(GUARD_KINDS) as [GuardKind, ...GuardKind[]];

/** The moderator's filters: the two that hold, and the two that ask for a closer look. */
export const GUARD_FLAGS = ['privacy', 'minor', 'allegation', 'hint'] as const;
export type GuardFlag = (typeof GUARD_FLAGS)[number];

/** The flags' names in the moderators' filters and on a flagged tea. */
export const GUARD_FLAG_LABELS: Record<GuardFlag, string> = {
  privacy: 'Private data',
  minor: 'Minor',
  allegation: 'Stated as fact',
  hint: 'Worth a look',
};

export const flagOf = (severity: GuardSeverity): GuardFlag => (severity === 'high' ? 'privacy' : severity);

/** True for findings that keep a tea or comment from publishing until a moderator decides. */
export const holdsForReview = (severity: GuardSeverity): boolean => severity === 'high' || severity === 'minor';

/** The start of a reworded sentence the guard suggests for an allegation. */
export const ALLEGATION_REWORDINGS = ['I saw ', 'In my opinion, ', 'In my experience, '] as const;

export const guardFindingSchema = z
  .object({
    kind: z.enum(GUARD_KIND_IDS),
    start: z.number().int().min(0),
    end: z.number().int().min(0),
    text: z.string(),
    severity: z.enum(GUARD_SEVERITIES),
    rule: z.string(),
  })
  .register(z.globalRegistry, { id: 'GuardFinding' });
export type GuardFinding = z.infer<typeof guardFindingSchema>;

/** Longer than any text Kettle stores (a tea's 5,000 characters with its title), shorter than abuse. */
export const GUARD_TEXT_MAX = 10_000;

export const GUARD_MESSAGES = {
  textRequired: 'Enter some text to check',
  textTooLong: `Text to check must be at most ${GUARD_TEXT_MAX.toLocaleString('en-US')} characters`,
  handleInvalid: 'Handle must start with @ and contain only letters, numbers, and underscores',
  tooMany: 'Too many checks in a minute. Wait a moment and try again.',
} as const;

export const guardCheckSchema = z.object({
  text: z
    .string({ error: GUARD_MESSAGES.textRequired })
    .refine((text) => text.trim().length > 0, GUARD_MESSAGES.textRequired)
    .refine((text) => text.length <= GUARD_TEXT_MAX, GUARD_MESSAGES.textTooLong),
  /** The tea's subject: their own handle is not someone else's profile. */
  subject_handle: z
    .string()
    .regex(/^@[A-Za-z0-9_]+$/, GUARD_MESSAGES.handleInvalid)
    .optional(),
});
export type GuardCheckInput = z.input<typeof guardCheckSchema>;

export const guardCheckResponseSchema = z.object({ findings: z.array(guardFindingSchema) });
export type GuardCheckResponse = z.infer<typeof guardCheckResponseSchema>;

/** The fields of a tea the guard reads; a finding names its field, its offsets are into that field. */
export const GUARDED_POST_FIELDS = ['title', 'content', 'evidence_link'] as const;
export type GuardedPostField = (typeof GUARDED_POST_FIELDS)[number];

export const storedFindingSchema = guardFindingSchema
  .extend({ field: z.enum([...GUARDED_POST_FIELDS, 'comment']) })
  .register(z.globalRegistry, { id: 'StoredGuardFinding' });
export type StoredFinding = z.infer<typeof storedFindingSchema>;

/** Where a review came from: a submission, or `guard:scan` over what was already published. */
export const PRIVACY_REVIEW_SOURCES = ['submission', 'scan'] as const;
/** open: waiting for a moderator; cleared: read and let stand; redacted: the flagged spans were removed. */
export const PRIVACY_REVIEW_STATUSES = ['open', 'cleared', 'redacted'] as const;

/** What the author and the moderator read about a tea the guard flagged. */
export const privacyReviewSchema = z
  .object({
    flags: z.array(z.enum(GUARD_FLAGS)),
    findings: z.array(storedFindingSchema),
    status: z.enum(PRIVACY_REVIEW_STATUSES),
    /** True when a high or minor finding keeps it from publishing until a moderator decides. */
    held: z.boolean(),
  })
  .register(z.globalRegistry, { id: 'PrivacyReview' });
export type PrivacyReview = z.infer<typeof privacyReviewSchema>;

/** The flags a set of findings raises, in the filters' order. */
export const flagsOf = (findings: readonly { severity: GuardSeverity }[]): GuardFlag[] =>
  GUARD_FLAGS.filter((flag) => findings.some((found) => flagOf(found.severity) === flag));

/** True for a finding a one-click removal replaces ("[phone removed]"); claims are reworded instead. */
export const isRemovable = (found: { kind: GuardKind }): boolean => 'removal' in GUARD_KINDS[found.kind];

/** Words as one phrase: "a, b and c". */
const listed = (words: readonly string[]): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** What a redaction removed, in words for the author: "phone number, email address and a minor". */
export const removedSummary = (kinds: readonly GuardKind[]): string =>
  listed([...new Set(kinds)].map((kind) => GUARD_KINDS[kind].label.toLowerCase()));

/** What the guard found, in words for the author: "phone number, a minor and a claim stated as fact". */
export const foundSummary = (kinds: readonly GuardKind[]): string =>
  listed(
    [...new Set(kinds)].map((kind) =>
      kind === 'allegation' ? 'a claim stated as fact' : GUARD_KINDS[kind].label.toLowerCase(),
    ),
  );

export const PRIVACY_DECISION_MESSAGES = {
  nothingToRedact: 'The privacy guard has nothing open on this tea to remove.',
  nothingOpen: 'The privacy guard has no open review here: a moderator already decided.',
  commentNotFound: 'Comment not found',
} as const;

/** How far a scan of what is already published got (`npm run guard:scan`, or the admin area's). */
export const guardScanStatusSchema = z
  .object({
    running: z.boolean(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    /** True when the last scan stopped on an error; what it had flagged stays flagged. */
    failed: z.boolean(),
    teas: z.number().int(),
    comments: z.number().int(),
    flagged_teas: z.number().int(),
    flagged_comments: z.number().int(),
  })
  .register(z.globalRegistry, { id: 'GuardScanStatus' });
export type GuardScanStatus = z.infer<typeof guardScanStatusSchema>;

/** A server's scan status before it has run one. */
export const GUARD_SCAN_IDLE: GuardScanStatus = {
  running: false,
  started_at: null,
  finished_at: null,
  failed: false,
  teas: 0,
  comments: 0,
  flagged_teas: 0,
  flagged_comments: 0,
};

/** The admin home's counts: open reviews per flag (teas and comments), and held comments. */
export const guardSummarySchema = z
  .object({
    flags: z.object({
      privacy: z.number().int(),
      minor: z.number().int(),
      allegation: z.number().int(),
      hint: z.number().int(),
    }),
    flagged_teas: z.number().int(),
    flagged_comments: z.number().int(),
    held_comments: z.number().int(),
    scan: guardScanStatusSchema,
  })
  .register(z.globalRegistry, { id: 'GuardSummary' });
export type GuardSummary = z.infer<typeof guardSummarySchema>;

/** A published comment with an open review: the scan's finding, or a hint or claim it published with. */
export const flaggedCommentSchema = z
  .object({
    id: z.uuid(),
    post_id: z.uuid(),
    post_title: z.string(),
    username: z.string(),
    content: z.string(),
    created_at: z.string(),
    flags: z.array(z.enum(GUARD_FLAGS)),
    findings: z.array(storedFindingSchema),
  })
  .register(z.globalRegistry, { id: 'FlaggedComment' });
export type FlaggedComment = z.infer<typeof flaggedCommentSchema>;
export const flaggedCommentListSchema = z.object({ data: z.array(flaggedCommentSchema) });
