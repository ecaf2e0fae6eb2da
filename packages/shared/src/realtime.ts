import { z } from './z.js';
import type { Comment } from './comments.js';

export * from './realtime-constants.js';

export const newCommentEventSchema = z.object({
  comment_id: z.uuid(),
  content: z.string(),
  user_id: z.uuid(),
  username: z.string(),
  created_at: z.string(),
  parent_comment_id: z.uuid().nullable(),
});
export type NewCommentEvent = z.infer<typeof newCommentEventSchema>;

/**
 * The comment a new_comment event announces, as the comment list shows it: the event holds every
 * field of a Comment but the viewer's own flag. The writer's answer is built from the same event
 * (the server's createComment), so what they see and what every stream shows are one text.
 */
export const commentOfEvent = (event: NewCommentEvent, isOwn: boolean): Comment => ({
  id: event.comment_id,
  content: event.content,
  user_id: event.user_id,
  username: event.username,
  created_at: event.created_at,
  parent_comment_id: event.parent_comment_id,
  is_own: isOwn,
  replies: [],
});

/**
 * A comment was deleted (issue 10): these ids (the comment and every reply under it) leave the
 * tree. Their `new_comment` events are gone from the replay log, so a resume never shows them.
 */
export const commentDeletedEventSchema = z.object({ comment_ids: z.array(z.uuid()).min(1) });
export type CommentDeletedEvent = z.infer<typeof commentDeletedEventSchema>;

/** has_voted and can_vote are the receiving viewer's own state, filled in per stream. */
export const voteUpdateEventSchema = z.object({
  new_vote_count: z.number().int(),
  can_vote: z.boolean(),
  has_voted: z.boolean(),
});
export type VoteUpdateEvent = z.infer<typeof voteUpdateEventSchema>;

/**
 * GET /posts/{id}/events query. An EventSource cannot send headers, so the access token rides
 * here; a missing one answers 401 like a bad one (the route checks it, not the schema).
 * `lastEventId` stands in for the Last-Event-ID header for clients that cannot set it.
 */
export const streamQuerySchema = z.object({
  token: z.string().max(4096).optional(),
  lastEventId: z.string().max(32).optional(),
});
