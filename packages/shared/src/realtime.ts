import { z } from 'zod';

/** Spec §3 'Realtime events'; the stream's `event:` names. */
export const REALTIME_EVENTS = ['new_comment', 'comment_deleted', 'vote_update', 'heartbeat'] as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[number];

export const REALTIME_MESSAGES = {
  retrying: (attempt: number, max: number) => `Connection error (attempt ${attempt}/${max})`,
  failed: 'Failed to establish connection',
  tooManyStreams: 'Too many open live connections. Close another tab and try again.',
} as const;

/** Seconds between heartbeats (issue 5: every 20 s). */
export const REALTIME_HEARTBEAT_MS = 20_000;
/** Open streams allowed per user (reliability R2: the 6th is refused with 429). */
export const REALTIME_MAX_STREAMS_PER_USER = 5;

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
