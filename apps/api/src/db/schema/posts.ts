// Teas and what hangs on them: the taxonomy, images, unlocks, votes, counts, claimed handles.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { POST_STATUS_VALUES, BOUNTY_STATUS_VALUES } from '@kettle/shared';
import { id, tsvector, createdAt } from './columns.js';
import { users } from './accounts.js';
import { comments } from './conversation.js';

export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('categories_name_lower_key').on(sql`lower(${t.name})`)],
);

export const states = pgTable(
  'states',
  {
    id: id(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('states_name_lower_key').on(sql`lower(${t.name})`), uniqueIndex('states_code_key').on(t.code)],
);

export const posts = pgTable(
  'posts',
  {
    id: id(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /**
     * What a locked card shows (LOCKED_PREVIEW_CHARS characters; left() counts characters, not
     * bytes): search matches this, not the content, for readers who have not unlocked the post.
     */
    preview: text('preview')
      .notNull()
      .generatedAlwaysAs(sql`left("content", 150)`),
    /**
     * The words of an approved post's title and preview (null otherwise), kept so that a term too
     * short for the trigram indexes is compared with them without parsing the text on every row
     * (search.ts, issue 13). It repeats the preview's expression: a generated column cannot read
     * another.
     */
    searchWords: tsvector('search_words').generatedAlwaysAs(
      sql`strip(to_tsvector('simple', case when "status" = 'approved' then "title" || ' ' || left("content", 150) end))`,
    ),
    /** Stored with its leading '@', as the author typed it. */
    taggedHandle: text('tagged_handle').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    stateId: uuid('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    evidenceLink: text('evidence_link'),
    bounty: integer('bounty').notNull().default(0),
    bountyStatus: text('bounty_status', { enum: BOUNTY_STATUS_VALUES }).notNull().default('none'),
    bountyCommentId: uuid('bounty_comment_id').references((): AnyPgColumn => comments.id, { onDelete: 'set null' }),
    bountySettledAt: timestamp('bounty_settled_at', { withTimezone: true }),
    unlockPrice: integer('unlock_price').notNull().default(40),
    status: text('status', { enum: POST_STATUS_VALUES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    originalPostId: uuid('original_post_id').references((): AnyPgColumn => posts.id, { onDelete: 'set null' }),
    voteCount: integer('vote_count').notNull().default(0),
    /**
     * The search slice the post belongs to, set on insert by a trigger (migration 0016): slices
     * hold runs of about the same number of posts by created_at, newest slice highest, so a search
     * can read the slices newest first (search-slices.ts).
     */
    searchSlice: integer('search_slice'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When the author confirmed the tea is first-hand ("what I saw or experienced myself"). */
    attestedAt: timestamp('attested_at', { withTimezone: true }),
    /** Set by each rejection: its photos are kept through the 30-day appeal window, then swept. */
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    /** The admin behind the latest rejection or removal: an appeal goes to someone else. */
    rejectedBy: uuid('rejected_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('posts_status_created_idx').on(t.status, t.createdAt),
    index('posts_author_created_idx').on(t.authorId, t.createdAt),
    index('posts_category_idx').on(t.categoryId),
    index('posts_state_idx').on(t.stateId),
    index('posts_handle_lower_idx').on(sql`lower(${t.taggedHandle})`),
    index('posts_original_idx').on(t.originalPostId),
    // Search is ILIKE over these trigram indexes (docs/performance.md); the migration creates pg_trgm first.
    index('posts_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('posts_content_trgm_idx').using('gin', sql`${t.content} gin_trgm_ops`),
    index('posts_handle_trgm_idx').using('gin', sql`lower(${t.taggedHandle}) gin_trgm_ops`),
    // The public search reads title and preview of approved posts only. Keyed on the approved row's
    // value (null otherwise), so a term common among pending posts finds nothing here, and ANALYZE
    // keeps statistics of the expression: the planner sees how rare the term is among approved posts.
    index('posts_approved_title_trgm_idx')
      .using('gin', sql`(case when ${t.status} = 'approved' then ${t.title} end) gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('posts_approved_preview_trgm_idx')
      .using('gin', sql`(case when ${t.status} = 'approved' then ${t.preview} end) gin_trgm_ops`)
      .with({ fastupdate: false }),
    // Terms with no run of three letters or digits ('qz', 'NY') give the trigram indexes nothing to
    // narrow by: they match whole words here instead (search.ts, issue 13).
    index('posts_search_words_idx').using('gin', t.searchWords).with({ fastupdate: false }),
    // Each approved post's title and preview trigrams keyed by its slice and its group of slices
    // (search_slice_trigrams, migration 0016), so a search probes one slice at a time, newest first.
    index('posts_slice_trigrams_idx')
      .using('gin', sql`search_slice_trigrams(${t.searchSlice}, ${t.title}, ${t.preview})`)
      .where(sql`${t.status} = 'approved'`)
      .with({ fastupdate: false }),
    // The slice trigger reads a slice's newest post here.
    index('posts_search_slice_idx').on(t.searchSlice, t.createdAt),
    index('posts_bounty_open_idx')
      .on(t.publishedAt)
      .where(sql`${t.bountyStatus} = 'escrowed'`),
    index('posts_rejected_at_idx')
      .on(t.rejectedAt)
      .where(sql`${t.rejectedAt} is not null`),
    // One live (pending or approved) reversal per original post (decisions.md).
    uniqueIndex('posts_one_live_reversal_key')
      .on(t.originalPostId)
      .where(sql`${t.originalPostId} is not null and ${t.status} in ('pending', 'approved')`),
    check('posts_bounty_non_negative', sql`${t.bounty} >= 0`),
    check('posts_unlock_price_non_negative', sql`${t.unlockPrice} >= 0`),
  ],
);

export const postImages = pgTable(
  'post_images',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** Random, never derived from the file name, the user or the post. */
    storageKey: text('storage_key').notNull(),
    /** A blurred copy at most 64 px long: all a reader who has not unlocked the post receives. */
    previewKey: text('preview_key'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('post_images_key').on(t.storageKey),
    // /uploads and the orphan sweep find a preview's row by its key.
    uniqueIndex('post_images_preview_key').on(t.previewKey),
    index('post_images_post_idx').on(t.postId, t.position),
  ],
);

/** Who unlocked which post and what they paid; the primary key makes a second unlock a no-op. */
export const postUnlocks = pgTable(
  'post_unlocks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    pricePaid: integer('price_paid').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('post_unlocks_post_idx').on(t.postId),
    check('post_unlocks_price_paid_non_negative', sql`${t.pricePaid} >= 0`),
  ],
);

/**
 * Approved posts per (category, state), kept exact by a trigger on posts (migration 0003), so
 * the public list's totals cost a handful of rows instead of a count over every post.
 */
export const postCounts = pgTable(
  'post_counts',
  {
    categoryId: uuid('category_id').notNull(),
    stateId: uuid('state_id').notNull(),
    approved: integer('approved').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.stateId] })],
);

/** One upvote per user and post: the primary key makes a second vote (or a concurrent twin) a no-op. */
export const postVotes = pgTable(
  'post_votes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('post_votes_post_idx').on(t.postId)],
);

/** A brand or public figure claiming a handle: one per user (decisions.md). */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Stored with its leading '@', as tagged handles are. */
    handle: text('handle').notNull(),
    website: text('website'),
    description: text('description').notNull().default(''),
    /** Set by an admin who checked that the company owns the handle; a handle change clears it. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_owner_key').on(t.ownerId),
    uniqueIndex('companies_handle_lower_key').on(sql`lower(${t.handle})`),
  ],
);
