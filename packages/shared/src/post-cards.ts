import { z } from './z.js';
import { LIMITS } from './constants.js';
import {
  emptyPotRefusalField,
  LOCKED_IMAGES_NOTE,
  postCategorySchema,
  postImageSchema,
  postStateSchema,
} from './posts.js';
import { BOUNTY_STATUS_VALUES, POST_STATUS_VALUES } from './post-status.js';
import { MAX_LIST_SKIP, POST_CARD_MESSAGES } from './post-cards-constants.js';

export * from './post-cards-constants.js';

export { LOCKED_PREVIEW_CHARS, lockedPreview } from './locked-preview.js';
/** The web's query string sends empty parameters now and then; empty means "not given". */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

export const postListQuerySchema = z.object({
  category_id: optional(z.uuid()),
  state_id: optional(z.uuid()),
  /** A category name, as the web's address bar carries it. */
  category: optional(z.string().trim().max(LIMITS.nameMax)),
  /** A state name or its two-letter code. */
  state: optional(z.string().trim().max(LIMITS.nameMax)),
  search: optional(z.string().trim().max(100, 'Search must be at most 100 characters')),
  skip: z.coerce.number().int().min(0).max(MAX_LIST_SKIP, POST_CARD_MESSAGES.pageTooFar).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export type PostListQuery = z.output<typeof postListQuerySchema>;
export type PostListParams = z.input<typeof postListQuerySchema>;

/**
 * product.md §3 'Post, public card'. For a locked card: 150 characters of content, a masked handle and
 * blurred image previews. Category and state by name only, as the spec has them: a list page is
 * mostly cards, and their ids (on the detail as category_id and state_id) were an eighth of its
 * bytes (docs/performance.md P2, docs/decisions/what-a-card-carries.md).
 */
export const postCardSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  content: z.string(),
  is_locked: z.boolean(),
  image_urls: z.array(z.string()).describe(LOCKED_IMAGES_NOTE),
  created_at: z.string(),
  unlock_price: z.number().int(),
  is_unlocked_by_user: z.boolean(),
  category: postCategorySchema,
  state: postStateSchema,
  author_username: z.string(),
  tagged_handle: z.string(),
  vote_count: z.number().int(),
  original_post_id: z.uuid().nullable(),
  has_reversal: z.boolean(),
  /** Coins the author offers for the most helpful comment; shown only when the status is not 'none'. */
  bounty: z.number().int(),
  bounty_status: z.enum(BOUNTY_STATUS_VALUES),
});
export type PostCard = z.infer<typeof postCardSchema>;

/** product.md §3 'additional fields': the detail and reversal pages. */
export const postDetailSchema = postCardSchema.extend({
  status: z.enum(POST_STATUS_VALUES),
  category_id: z.uuid(),
  state_id: z.uuid(),
  updated_at: z.string(),
  images: z.array(postImageSchema).describe(LOCKED_IMAGES_NOTE),
  evidence_link: z.string().nullable(),
  /** For the author and admins; null for everyone else. */
  unlock_count: z.number().int().nullable(),
  has_user_voted: z.boolean(),
  can_vote: z.boolean(),
  can_report: z.boolean(),
  has_reported: z.boolean(),
  report_status: z.enum(POST_STATUS_VALUES).nullable(),
  /** The comment the bounty was awarded to (null until then, or if that comment was deleted). */
  bounty_comment_id: z.uuid().nullable(),
  /** When an open bounty goes back to the author unawarded; null unless escrowed and published. */
  bounty_expires_at: z.string().nullable(),
  /** True for the author while the published tea's bounty is open. */
  can_award_bounty: z.boolean(),
  /** Null when this viewer may empty the pot; 'not_author' for everyone but the author. */
  empty_pot_refusal: emptyPotRefusalField,
});
export type PostDetail = z.infer<typeof postDetailSchema>;

export const postCardListSchema = z.object({
  data: z.array(postCardSchema),
  metadata: z.object({
    total_elements: z.number().int(),
    skip: z.number().int(),
    limit: z.number().int(),
    /** True when a text search matched more than SEARCH_COUNT_CAP posts: show '1,000+ teas'. */
    total_capped: z.boolean(),
  }),
});
export type PostCardList = z.infer<typeof postCardListSchema>;

export const unlockResponseSchema = z.object({
  message: z.literal(POST_CARD_MESSAGES.unlocked),
  coin_balance: z.number().int(),
  post: postDetailSchema,
});
export type UnlockResponse = z.infer<typeof unlockResponseSchema>;

export const emptyPotResponseSchema = z.object({
  message: z.literal(POST_CARD_MESSAGES.potEmptied),
  coin_balance: z.number().int(),
});
export type EmptyPotResponse = z.infer<typeof emptyPotResponseSchema>;
