import { z } from './z.js';
import { COMMENT_MAX_CHARS, COMMENT_MESSAGES } from './comments-constants.js';
import { GUARD_FLAGS, storedFindingSchema } from './privacy-guard.js';

export * from './comments-constants.js';

/** product.md §3 'Comment' create payload; one schema for the box and the route (§5: non-empty after trim). */
export const commentCreateSchema = z.object({
  content: z
    .string({ error: COMMENT_MESSAGES.blank })
    .trim()
    .min(1, COMMENT_MESSAGES.blank)
    .max(COMMENT_MAX_CHARS, COMMENT_MESSAGES.tooLong),
  parent_comment_id: z.uuid().nullable().optional().default(null),
});
export type CommentCreateInput = z.input<typeof commentCreateSchema>;
export type CommentCreateData = z.output<typeof commentCreateSchema>;

export type Comment = {
  id: string;
  content: string;
  user_id: string;
  username: string;
  created_at: string;
  parent_comment_id: string | null;
  /** True for the caller's own comments (the browser offers delete; admins may delete any). */
  is_own: boolean;
  replies: Comment[];
};

/** Registered under an id so the OpenAPI document can name the recursion (`replies`) as a component. */
export const commentSchema: z.ZodType<Comment> = z
  .object({
    id: z.uuid(),
    content: z.string(),
    user_id: z.uuid(),
    username: z.string(),
    created_at: z.string(),
    parent_comment_id: z.uuid().nullable(),
    is_own: z.boolean(),
    get replies() {
      return z.array(commentSchema);
    },
  })
  .register(z.globalRegistry, { id: 'Comment' });

/**
 * A comment the privacy guard held for a moderator: only its writer (and the moderators) read it,
 * as "waiting for review", with what the guard found.
 */
export const heldCommentSchema = z
  .object({
    id: z.uuid(),
    post_id: z.uuid(),
    content: z.string(),
    parent_comment_id: z.uuid().nullable(),
    created_at: z.string(),
    flags: z.array(z.enum(GUARD_FLAGS)),
    findings: z.array(storedFindingSchema),
  })
  .register(z.globalRegistry, { id: 'HeldComment' });
export type HeldComment = z.infer<typeof heldCommentSchema>;

/** The conversation, and the caller's own comments on it that wait for a moderator (empty for others). */
export const commentListSchema = z.object({ comments: z.array(commentSchema), held: z.array(heldCommentSchema) });
export type CommentList = z.infer<typeof commentListSchema>;

/** POST /posts/{id}/comments answers 202 with this when the guard held the comment (paid, not published). */
export const commentHeldSchema = z.object({
  held: heldCommentSchema,
  coin_balance: z.number().int(),
  message: z.string(),
});
export type CommentHeld = z.infer<typeof commentHeldSchema>;

export const commentCreatedSchema = z.object({
  comment: commentSchema,
  coin_balance: z.number().int(),
});
export type CommentCreated = z.infer<typeof commentCreatedSchema>;

/** A held comment as the moderators' queue lists it: whose, on which tea. */
export const heldCommentForReviewSchema = heldCommentSchema.extend({
  user_id: z.uuid(),
  username: z.string(),
  post_title: z.string(),
});
export type HeldCommentForReview = z.infer<typeof heldCommentForReviewSchema>;
export const heldCommentQueueSchema = z.object({ data: z.array(heldCommentForReviewSchema) });
export type HeldCommentQueue = z.infer<typeof heldCommentQueueSchema>;

export const HELD_REJECT_REASON_MAX = 500;
export const heldCommentRejectSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(HELD_REJECT_REASON_MAX, `The reason must be at most ${HELD_REJECT_REASON_MAX} characters`)
    .optional(),
});
