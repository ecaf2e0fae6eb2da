import { z } from './z.js';
import {
  ACCOUNT_ACTION_KINDS,
  ACTION_MESSAGE_MAX,
  ENFORCEMENT_MESSAGES,
  RULE_IDS,
  SUSPENSION_DAYS,
} from './enforcement-constants.js';

export * from './enforcement-constants.js';

/** POST /admin/users/{id}/actions: one schema for the dialog and the route. */
export const accountActionInputSchema = z
  .object({
    kind: z.enum(ACCOUNT_ACTION_KINDS, { error: ENFORCEMENT_MESSAGES.kindRequired }),
    days: z
      .number({ error: ENFORCEMENT_MESSAGES.daysRequired })
      .int(ENFORCEMENT_MESSAGES.daysRange)
      .min(SUSPENSION_DAYS.min, ENFORCEMENT_MESSAGES.daysRange)
      .max(SUSPENSION_DAYS.max, ENFORCEMENT_MESSAGES.daysRange)
      .optional(),
    rule: z.enum(RULE_IDS, { error: ENFORCEMENT_MESSAGES.ruleRequired }),
    message: z
      .string({ error: ENFORCEMENT_MESSAGES.messageRequired })
      .trim()
      .min(1, ENFORCEMENT_MESSAGES.messageRequired)
      .max(ACTION_MESSAGE_MAX, ENFORCEMENT_MESSAGES.messageTooLong),
    post_id: z.uuid().optional(),
  })
  .superRefine((value, issues) => {
    if (value.kind === 'suspension' && value.days === undefined) {
      issues.addIssue({ code: 'custom', path: ['days'], message: ENFORCEMENT_MESSAGES.daysRequired });
    }
    if (value.kind !== 'suspension' && value.days !== undefined) {
      issues.addIssue({ code: 'custom', path: ['days'], message: ENFORCEMENT_MESSAGES.daysOnlyForSuspension });
    }
  });
export type AccountActionInput = z.input<typeof accountActionInputSchema>;
export type AccountActionData = z.output<typeof accountActionInputSchema>;

export const accountActionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(ACCOUNT_ACTION_KINDS),
  rule: z.string(),
  rule_title: z.string(),
  message: z.string(),
  days: z.number().int().nullable(),
  /** When a suspension ends; null for a warning or a ban. */
  ends_at: z.string().nullable(),
  post_id: z.uuid().nullable(),
  post_title: z.string().nullable(),
  /** The admin who decided: shown to admins only, null on the user's own history. */
  issued_by: z.string().nullable(),
  /** When an upheld appeal reversed it; a reversed action no longer counts against the account. */
  reversed_at: z.string().nullable(),
  /** When an admin lifted it on their own, and why; a lifted action no longer counts either. */
  lifted_at: z.string().nullable(),
  lift_reason: z.string().nullable(),
  created_at: z.string(),
});
export type AccountAction = z.infer<typeof accountActionSchema>;

export const accountActionListSchema = z.object({ data: z.array(accountActionSchema) });
export type AccountActionList = z.infer<typeof accountActionListSchema>;

/** GET /users/me/standing: the suspension in force, if any, and every action taken. */
export const accountStandingSchema = z.object({
  suspended_until: z.string().nullable(),
  actions: z.array(accountActionSchema),
});
export type AccountStanding = z.infer<typeof accountStandingSchema>;
