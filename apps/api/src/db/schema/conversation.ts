// A tea's conversation: comments, the events its live streams replay, removed threads kept for appeal.
import { type AnyPgColumn, bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.js';
import { users } from './accounts.js';
import { posts } from './posts.js';

/** Threaded comments; a reply's parent is on the same post (checked by the service). */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentCommentId: uuid('parent_comment_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_post_created_idx').on(t.postId, t.createdAt),
    index('comments_parent_idx').on(t.parentCommentId),
  ],
);

/**
 * The recent realtime events of each post, so a stream that reconnects with Last-Event-ID
 * catches up from here rather than from the broker (reliability-plan R1, R3). Ids are the
 * stream's event ids; old rows are swept.
 */
export const postEvents = pgTable(
  'post_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('post_events_post_id_idx').on(t.postId, t.id), index('post_events_created_idx').on(t.createdAt)],
);

/**
 * A comment a moderator removed, kept as it was (with the replies that went with it) through the
 * appeal window, so an upheld appeal can put the thread back (issue 14). Swept after the window.
 */
export const removedComments = pgTable(
  'removed_comments',
  {
    commentId: uuid('comment_id').primaryKey(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The comment first, then its replies parents-first, as the comments table held them. */
    rows: jsonb('rows').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (t) => [index('removed_comments_user_idx').on(t.userId), index('removed_comments_removed_at_idx').on(t.removedAt)],
);
