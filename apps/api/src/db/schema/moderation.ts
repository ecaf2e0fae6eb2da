// Moderation: reports, appeals, account actions, the audit log and contact messages.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REPORT_KINDS, REPORT_STATUSES, APPEAL_TARGETS, APPEAL_STATUSES, ACCOUNT_ACTION_KINDS } from '@kettle/shared';
import { id, createdAt } from './columns.js';
import { users } from './accounts.js';
import { comments } from './conversation.js';
import { posts } from './posts.js';

/**
 * Reports of posts and comments by users, and takedown requests from anyone (the Moderation &
 * Safety form): one desk for the admins. Targets are set null when removed, so the reporter
 * keeps the outcome.
 */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    /** Short public reference, quoted in the confirmation mail and used to look a request up. */
    reference: text('reference').notNull(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    /** Takedown requests: where to answer (a visitor has no account). */
    contactEmail: text('contact_email'),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'set null' }),
    /** The reported comment's text at report time, so the desk can read it after a deletion. */
    commentExcerpt: text('comment_excerpt'),
    contentUrl: text('content_url'),
    reason: text('reason').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('pending'),
    adminNotes: text('admin_notes'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_reference_key').on(t.reference),
    // One report per user and post, and per user and comment (product.md §4).
    uniqueIndex('reports_one_per_post_key')
      .on(t.reporterId, t.postId)
      .where(sql`${t.kind} = 'post'`),
    uniqueIndex('reports_one_per_comment_key')
      .on(t.reporterId, t.commentId)
      .where(sql`${t.kind} = 'comment'`),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_created_idx').on(t.createdAt),
    index('reports_reporter_created_idx').on(t.reporterId, t.createdAt),
    index('reports_post_idx').on(t.postId),
  ],
);

/**
 * One appeal per decision (issue 14): the decision is the target and the moment it was taken, so
 * a tea rejected again after an upheld appeal can be appealed again.
 */
export const appeals = pgTable(
  'appeals',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: APPEAL_TARGETS }).notNull(),
    targetId: uuid('target_id').notNull(),
    decisionAt: timestamp('decision_at', { withTimezone: true }).notNull(),
    /** The admin who took the decision, who does not review its appeal while another admin exists. */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** The decision as it stood when appealed (kind, reason, rule, title, text), for both sides to read later. */
    decision: jsonb('decision').notNull(),
    statement: text('statement').notNull(),
    status: text('status', { enum: APPEAL_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('appeals_decision_key').on(t.targetType, t.targetId, t.decisionAt),
    index('appeals_status_created_idx').on(t.status, t.createdAt),
    index('appeals_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** The enforcement ladder's decisions (issue 14): what an admin did to an account, citing a rule. */
export const accountActions = pgTable(
  'account_actions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ACCOUNT_ACTION_KINDS }).notNull(),
    rule: text('rule').notNull(),
    message: text('message').notNull(),
    days: integer('days'),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    /** Set when an appeal against the action was upheld: the action no longer counts. */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    /** Set when an admin lifted a ban or suspension on its own (not by an appeal), with why. */
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: uuid('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    liftReason: text('lift_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_actions_user_created_idx').on(t.userId, t.createdAt),
    check('account_actions_lift', sql`(${t.liftedAt} is null) = (${t.liftReason} is null)`),
    check('account_actions_kind', sql`${t.kind} in ('warning', 'suspension', 'ban')`),
    check(
      'account_actions_days',
      sql`(${t.kind} = 'suspension') = (${t.days} is not null and ${t.endsAt} is not null) and (${t.days} is null or ${t.days} between 1 and 30)`,
    ),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    data: jsonb('data'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  fullname: text('fullname').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});
