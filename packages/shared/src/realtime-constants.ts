/** The live stream's names, limits and words (no zod here: pages that only show them stay light). */

/** product.md §3 'Realtime events'; the stream's `event:` names. */
export const REALTIME_EVENTS = ['new_comment', 'comment_deleted', 'vote_update', 'heartbeat'] as const;

export type RealtimeEventName = (typeof REALTIME_EVENTS)[number];

export const REALTIME_MESSAGES = {
  retrying: (attempt: number, max: number) => `Connection error (attempt ${attempt}/${max})`,
  failed: 'Failed to establish connection',
  tooManyStreams: 'Too many open live connections. Close another tab and try again.',
} as const;

/** Seconds between heartbeats (issue 5: every 20 s). */
export const REALTIME_HEARTBEAT_MS = 20_000;

/** Open streams allowed per user (security.md R2: the 6th is refused with 429). */
export const REALTIME_MAX_STREAMS_PER_USER = 5;
