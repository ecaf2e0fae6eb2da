import { z } from './z.js';
import { BOUNTY_LIMITS, LIMITS } from './constants.js';
import { INPUT_MESSAGES, UNLOCK_PRICE_MAX } from './input.js';
import { POST_STATUS_VALUES } from './post-status.js';
import { HANDLE_MAX, EMPTY_POT_REFUSALS, POST_MESSAGES } from './posts-constants.js';
import { categorySchema, stateSchema } from './taxonomy.js';
import { GUARD_FLAGS, privacyReviewSchema } from './privacy-guard.js';

export * from './posts-constants.js';

export { BOUNTY_STATUS_VALUES, POST_STATUS_VALUES, type BountyStatus, type PostStatus } from './post-status.js';

/** Multipart sends every field as text; an empty optional field means "not given". */
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const titleField = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .min(LIMITS.titleMin, `Title must be at least ${LIMITS.titleMin} characters`)
  .max(LIMITS.titleMax, `Title must be less than ${LIMITS.titleMax} characters`);

const contentField = z
  .string({ error: 'Content is required' })
  .trim()
  .min(1, 'Content is required')
  .min(LIMITS.contentMin, `Content must be at least ${LIMITS.contentMin} characters`)
  .max(LIMITS.contentMax, `Content must be less than ${LIMITS.contentMax} characters`);

const idField = (required: string, invalid: string) =>
  z.string({ error: required }).trim().min(1, required).pipe(z.uuid(invalid));

export const handleField = z
  .string({ error: "Subject's handle is required" })
  .trim()
  .min(1, "Subject's handle is required")
  .max(HANDLE_MAX, `Handle must be at most ${HANDLE_MAX} characters`)
  .regex(/^@[A-Za-z0-9_]+$/, 'Handle must start with @ and contain only letters, numbers, and underscores');

const bountyField = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: 'Bounty must be a number' })
    .int('Bounty must be a whole number')
    .min(0, 'Bounty must be non-negative')
    .max(BOUNTY_LIMITS.max, `Bounty must be at most ${BOUNTY_LIMITS.max.toLocaleString('en-US')} Tea Coins`)
    .default(0),
);

const evidenceLinkField = z.preprocess(
  emptyToUndefined,
  z
    .url({ error: 'Must be a valid URL', protocol: /^https?$/ })
    .max(2000, 'Must be a valid URL')
    .optional(),
);

/** A checkbox in the form, the text "true" in multipart: anything else is a refusal to attest. */
const attestedField = z.preprocess(
  (value) => value === true || value === 'true',
  z.literal(true, { error: POST_MESSAGES.attestationRequired }),
);

export const postCreateSchema = z.object({
  title: titleField,
  content: contentField,
  category_id: idField('Category is required', 'Invalid category ID'),
  state_id: idField('State is required', 'Invalid state ID'),
  tagged_handle: handleField,
  bounty: bountyField,
  evidence_link: evidenceLinkField,
  attested: attestedField,
});
export type PostCreateInput = z.input<typeof postCreateSchema>;
export type PostCreateData = z.output<typeof postCreateSchema>;

/**
 * What a reversal's author writes. The subject's handle, category and state are the original's:
 * the form does not ask for them and the server takes them from the original (any sent are dropped).
 */
export const reversalFieldsSchema = postCreateSchema.omit({ tagged_handle: true, category_id: true, state_id: true });
export type ReversalFieldsInput = z.input<typeof reversalFieldsSchema>;
export type ReversalFieldsData = z.output<typeof reversalFieldsSchema>;

export const reversalCreateSchema = reversalFieldsSchema.extend({
  original_post_id: idField('Invalid original post ID', 'Invalid original post ID'),
});
export type ReversalCreateInput = z.input<typeof reversalCreateSchema>;
export type ReversalCreateData = z.output<typeof reversalCreateSchema>;

export const adminPostUpdateSchema = z.object({
  title: titleField.optional(),
  content: contentField.optional(),
  category_id: idField('Category is required', 'Invalid category ID').optional(),
  state_id: idField('State is required', 'Invalid state ID').optional(),
  status: z.enum(POST_STATUS_VALUES, { error: 'Status is required' }),
  unlock_price: z
    .number({ error: 'Unlock price must be an integer' })
    .int('Unlock price must be an integer')
    .min(0, 'Unlock price must be non-negative')
    .max(UNLOCK_PRICE_MAX, INPUT_MESSAGES.unlockPriceTooLarge)
    .optional(),
  /** Kept as the rejection reason when the edit sets the status to rejected. */
  reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
});
export type AdminPostUpdateInput = z.input<typeof adminPostUpdateSchema>;

export const postStatusUpdateSchema = z.object({
  status: z.enum(POST_STATUS_VALUES, { error: 'Status is required' }),
  reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
});

export const postImageSchema = z.object({ id: z.uuid(), image_url: z.string() });

/** A post's category and state as its views name them; their ids are category_id and state_id. */
export const postCategorySchema = categorySchema.pick({ name: true });
export const postStateSchema = stateSchema.pick({ name: true });
export type PostImage = z.infer<typeof postImageSchema>;

/** A post as its author and admins see it (full content and handle). */
export const ownPostSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  content: z.string(),
  tagged_handle: z.string(),
  category_id: z.uuid(),
  state_id: z.uuid(),
  category: postCategorySchema,
  state: postStateSchema,
  status: z.enum(POST_STATUS_VALUES),
  rejection_reason: z.string().nullable(),
  unlock_price: z.number().int(),
  bounty: z.number().int(),
  evidence_link: z.string().nullable(),
  original_post_id: z.uuid().nullable(),
  /** The author or an admin reads this view; an admin acts on the author through it (issue 14). */
  author_id: z.uuid(),
  author_username: z.string(),
  vote_count: z.number().int(),
  image_urls: z.array(z.string()),
  images: z.array(postImageSchema),
  created_at: z.string(),
  updated_at: z.string(),
  /** What the privacy guard found, for the author (My Teas) and the moderators; null when nothing. */
  privacy: privacyReviewSchema.nullable(),
});
export type OwnPost = z.infer<typeof ownPostSchema>;

export const adminPostListQuerySchema = z.object({
  category_id: z.uuid().optional(),
  state_id: z.uuid().optional(),
  status: z.enum(POST_STATUS_VALUES).optional(),
  search: z.string().trim().max(100).optional(),
  skip: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  /** The moderation queue reads oldest first. */
  order: z.enum(['newest', 'oldest']).default('newest'),
  /** Only teas with an open privacy review raising this flag. */
  flag: z.enum(GUARD_FLAGS).optional(),
});
export type AdminPostListQuery = z.output<typeof adminPostListQuerySchema>;

export const ownPostListSchema = z.object({
  data: z.array(ownPostSchema),
  metadata: z.object({ total_elements: z.number().int(), skip: z.number().int(), limit: z.number().int() }),
});
export type OwnPostList = z.infer<typeof ownPostListSchema>;

/** GET /posts/me: the caller's own posts, newest first. */
export const myPostsQuerySchema = z.object({
  category_id: z.uuid().optional(),
  state_id: z.uuid().optional(),
  status: z.enum(POST_STATUS_VALUES).optional(),
  search: z.string().trim().max(100).optional(),
  skip: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type MyPostsQuery = z.output<typeof myPostsQuerySchema>;

export const emptyPotRefusalField = z.enum(EMPTY_POT_REFUSALS).nullable();

/** An own post on My Teas: adds how many readers unlocked it, and whether its pot may be emptied. */
export const myPostSchema = ownPostSchema.extend({
  unlock_count: z.number().int().min(0),
  empty_pot_refusal: emptyPotRefusalField,
});
export type MyPost = z.infer<typeof myPostSchema>;

export const myPostListSchema = z.object({
  data: z.array(myPostSchema),
  metadata: ownPostListSchema.shape.metadata,
});
export type MyPostList = z.infer<typeof myPostListSchema>;
