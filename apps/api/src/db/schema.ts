import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
/** Read back as PostgreSQL's text form; only the database compares with it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    coinBalance: integer('coin_balance').notNull().default(0),
    /**
     * Coins a refund or dispute took back after they were spent. While above zero the account
     * cannot spend (balances never go negative); purchases settle it first.
     */
    coinDebt: integer('coin_debt').notNull().default(0),
    /**
     * The end of the latest suspension (issue 14). The account may act again once it has passed:
     * nothing has to run at the end for the restore to happen.
     */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /**
     * When the owner deleted the account (issue 14). The row stays, erased, for what must keep
     * pointing at it: published teas, purchases, the ledger.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Two-factor sign-in (issue 14): the TOTP secret, sealed with the server secret. It is set by
     * setup and is in force only once `two_factor_enabled_at` is set.
     */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted, so a code cannot be used twice within its window. */
    twoFactorLastStep: integer('two_factor_last_step'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Every deleted account is called 'deleted user' (never a valid username: it has a space).
    uniqueIndex('users_username_lower_key')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.deletedAt} is null`),
    check('users_coin_balance_non_negative', sql`${t.coinBalance} >= 0`),
    check('users_coin_debt_non_negative', sql`${t.coinDebt} >= 0`),
  ],
);

/** Every change of a balance is one row here; the sum of a user's rows is the balance. */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    kind: text('kind').notNull(),
    reason: text('reason'),
    actorId: uuid('actor_id'),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    /**
     * Commit order per user: drawn after the spend's conditional update has locked the user row,
     * so it follows balance_after, where created_at (the transaction's start) may not.
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('coin_ledger_user_created_idx').on(t.userId, t.createdAt),
    index('coin_ledger_user_seq_idx').on(t.userId, t.seq),
    // The daily drop is claimable once per UTC day: its reference is the day, and the database keeps it unique.
    uniqueIndex('coin_ledger_daily_drop_key')
      .on(t.userId, t.referenceId)
      .where(sql`${t.kind} = 'daily_drop'`),
    check('coin_ledger_balance_after_non_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** One-time recovery codes for two-factor sign-in, stored as hashes; a used code stays, marked. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'sign_in'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_key').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

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

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  fullname: text('fullname').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** Every mail Kettle sends is written here first, then delivered (or kept for the dev mailbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status', { enum: ['stored', 'pending', 'sending', 'sent', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** A 'sending' row whose lease ran out (its process died mid-delivery) is due again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.createdAt)],
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

export const ACCOUNT_ACTION_KINDS = ['warning', 'suspension', 'ban'] as const;

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

/** Small facts about this installation, such as when reference data was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const POST_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** none: no bounty, or one set before bounties were escrowed (nothing was charged). */
export const BOUNTY_STATUSES = ['none', 'escrowed', 'awarded', 'refunded'] as const;

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
    bountyStatus: text('bounty_status', { enum: BOUNTY_STATUSES }).notNull().default('none'),
    bountyCommentId: uuid('bounty_comment_id').references((): AnyPgColumn => comments.id, { onDelete: 'set null' }),
    bountySettledAt: timestamp('bounty_settled_at', { withTimezone: true }),
    unlockPrice: integer('unlock_price').notNull().default(40),
    status: text('status', { enum: POST_STATUSES }).notNull().default('pending'),
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

/** In-app notices (post published or rejected, report outcomes), newest first per user. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
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

/** A blocker no longer sees the blocked user's comments (decisions.md, Stubs). */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

export const REPORT_KINDS = ['post', 'comment', 'takedown'] as const;
export const REPORT_STATUSES = ['pending', 'approved', 'rejected'] as const;

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

export const PAYMENT_PROVIDERS = ['dev', 'stripe'] as const;
export const PURCHASE_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled', 'expired', 'refunded'] as const;

/**
 * One card checkout of a coin bundle (product.md §3 'Transaction'). Coins come from our price table
 * at creation; the session id is unique, and fulfilment flips `pending` to `succeeded` with a
 * conditional update, so a checkout credits exactly once whoever reports it.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    planId: text('plan_id').notNull(),
    coins: integer('coins').notNull(),
    bonusCoins: integer('bonus_coins').notNull(),
    totalCoins: integer('total_coins').notNull(),
    /** Minor units (cents). */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull().default('pending'),
    paymentIntentId: text('payment_intent_id'),
    providerCreatedAt: timestamp('provider_created_at', { withTimezone: true }),
    /** Coins taken back by refunds and disputes so far. */
    coinsReversed: integer('coins_reversed').notNull().default(0),
    metadata: jsonb('metadata').notNull().default({}),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchases_provider_session_key').on(t.provider, t.providerSessionId),
    index('purchases_user_created_idx').on(t.userId, t.createdAt),
    index('purchases_payment_intent_idx').on(t.paymentIntentId),
    check('purchases_coins_positive', sql`${t.totalCoins} > 0`),
    check('purchases_coins_reversed_range', sql`${t.coinsReversed} >= 0 and ${t.coinsReversed} <= ${t.totalCoins}`),
  ],
);

/** Every provider notification handled, keyed by its event id: a retry or a twin is a no-op. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** The provider's customer for a user (subscriptions, billing portal). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    uniqueIndex('payment_customers_customer_key').on(t.provider, t.customerId),
  ],
);

/** Monthly coin plans (decisions.md, Company profiles and subscriptions). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    planId: text('plan_id').notNull(),
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    couponCode: text('coupon_code'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_key').on(t.provider, t.providerSubscriptionId),
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Coins granted for one paid period (one invoice): the key makes each period credit once. */
export const subscriptionGrants = pgTable(
  'subscription_grants',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    coins: integer('coins').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.providerInvoiceId] })],
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

export const APPEAL_TARGETS = ['post', 'comment', 'action'] as const;
export const APPEAL_STATUSES = ['pending', 'upheld', 'denied'] as const;

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
