import { z } from './z.js';
import { COMMENT_MAX_CHARS, COMMENT_MESSAGES } from './comments-constants.js';

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

export const commentListSchema = z.object({ comments: z.array(commentSchema) });
export type CommentList = z.infer<typeof commentListSchema>;

export const commentCreatedSchema = z.object({
  comment: commentSchema,
  coin_balance: z.number().int(),
});
export type CommentCreated = z.infer<typeof commentCreatedSchema>;
