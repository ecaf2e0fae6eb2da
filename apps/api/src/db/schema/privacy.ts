// The privacy guard's records: what it found in a tea or a comment, for the moderators' queue.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { GUARD_FLAGS, PRIVACY_REVIEW_SOURCES, PRIVACY_REVIEW_STATUSES, type StoredFinding } from '@kettle/shared';
import { id, createdAt } from './columns.js';
import { users } from './accounts.js';
import { comments } from './conversation.js';
import { posts } from './posts.js';

/**
 * One review per tea or comment the guard flagged: its findings (with offsets into each field) and
 * the flags the queue filters on. Kept beside the posts table, not in it, so the hot rows stay narrow.
 */
export const privacyReviews = pgTable(
  'privacy_reviews',
  {
    id: id(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    findings: jsonb('findings').$type<StoredFinding[]>().notNull(),
    flags: text('flags', { enum: GUARD_FLAGS }).array().notNull(),
    source: text('source', { enum: PRIVACY_REVIEW_SOURCES }).notNull(),
    status: text('status', { enum: PRIVACY_REVIEW_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('privacy_reviews_post_idx').on(t.postId),
    uniqueIndex('privacy_reviews_comment_idx').on(t.commentId),
    index('privacy_reviews_status_idx').on(t.status, t.createdAt),
    check('privacy_reviews_one_target', sql`num_nonnulls(${t.postId}, ${t.commentId}) = 1`),
  ],
);

/**
 * A comment or reply the guard held (high or minor findings): paid for, kept here and not in
 * `comments` until a moderator decides, so no list, count, stream or notice can show it to anyone
 * but its writer. Approval moves it into `comments`; rejection refunds `cost` and deletes it.
 */
export const heldComments = pgTable(
  'held_comments',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The comment it answers; if that goes while it is held, an approval publishes it at the top. */
    parentCommentId: uuid('parent_comment_id').references(() => comments.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    findings: jsonb('findings').$type<StoredFinding[]>().notNull(),
    flags: text('flags', { enum: GUARD_FLAGS }).array().notNull(),
    /** What its writer paid, refunded if it is rejected. */
    cost: integer('cost').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('held_comments_post_user_idx').on(t.postId, t.userId),
    index('held_comments_created_idx').on(t.createdAt),
  ],
);
