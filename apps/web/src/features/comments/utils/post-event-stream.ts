import {
  commentDeletedEventSchema,
  newCommentEventSchema,
  REALTIME_HEARTBEAT_MS,
  TIMINGS,
  voteUpdateEventSchema,
  type CommentDeletedEvent,
  type NewCommentEvent,
  type VoteUpdateEvent,
} from '@kettle/shared';
import type { z } from 'zod';
import { API_BASE } from '@/lib/api-client';
import { getCurrentUser } from '@/lib/current-user';
import { getSession } from '@/lib/session';

export type StreamStatus =
  | { status: 'connecting'; attempt: 0 }
  | { status: 'connected'; attempt: 0 }
  /** Waiting TIMINGS.realtimeRetryDelay before retry number `attempt` (1 to TIMINGS.realtimeRetries). */
  | { status: 'retrying'; attempt: number }
  /** Every retry failed; only a manual reconnect opens it again. */
  | { status: 'failed'; attempt: number };

export type PostEventHandlers = {
  onStatus: (status: StreamStatus) => void;
  onNewComment: (event: NewCommentEvent) => void;
  /** These comments (a deleted one and its replies) left the conversation. */
  onCommentDeleted: (event: CommentDeletedEvent) => void;
  onVoteUpdate: (event: VoteUpdateEvent) => void;
  /** The stream reopened after a gap it cannot replay: whatever happened meanwhile was missed. */
  onResync: () => void;
  /** The id of the last event received, for a later stream to resume after. */
  onEventId?: (id: string) => void;
};

/** No event at all (heartbeats come every 20 s) for this long means the connection died silently. */
export const STALL_MS = REALTIME_HEARTBEAT_MS * 2 + 5_000;

/**
 * The stream's address. `lastEventId` stands in for the Last-Event-ID header, which only the
 * browser's own reconnect sends: a stream opened again by us resumes through it, and the server
 * replays what was missed.
 */
export function postEventsUrl(postId: string, token: string, lastEventId: string | null = null): string {
  const query = new URLSearchParams({ token });
  if (lastEventId) query.set('lastEventId', lastEventId);
  return `${API_BASE}/posts/${encodeURIComponent(postId)}/events?${query.toString()}`;
}

/** Seconds since the epoch at which a JWT expires, or null when the token is not one we can read. */
function expiresAt(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const exp = (claims as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/**
 * The access token for the stream's query string (an EventSource cannot send headers). A token
 * about to expire is renewed first through an ordinary API call, whose 401 runs the client's
 * one refresh; a reconnect after a long gap would otherwise be refused every time.
 */
async function streamToken(): Promise<string | null> {
  const token = getSession().accessToken;
  const exp = token ? expiresAt(token) : null;
  if (token && (exp === null || exp * 1000 - Date.now() > 5_000)) return token;
  if (token) await getCurrentUser().catch(() => undefined);
  return getSession().accessToken;
}

function parse<T>(event: Event, schema: z.ZodType<T>): T | null {
  if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return null;
  try {
    const result = schema.safeParse(JSON.parse(event.data));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * GET /posts/{id}/events as an EventSource (product.md §7 'Realtime'), with the retry rule of product.md §4:
 * after an error the source is closed and opened again TIMINGS.realtimeRetryDelay later, up to
 * TIMINGS.realtimeRetries times, then 'failed'. A successful open resets the count.
 *
 * A reopened stream resumes after the last event received, when there was one; otherwise (and
 * after a manual reconnect, `resume`, whose gap may outlast the server's replay log) `onResync`
 * asks the caller to read again what it may have missed.
 */
export function openPostEventStream(
  postId: string,
  handlers: PostEventHandlers,
  { resume = false, lastEventId = null as string | null } = {},
) {
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let closed = false;
  let reopening = resume;
  let mustResync = resume;
  let lastId = lastEventId;

  const drop = () => {
    clearTimeout(stallTimer);
    source?.close();
    source = null;
  };

  const fail = () => {
    if (closed) return;
    drop();
    if (failures >= TIMINGS.realtimeRetries) {
      handlers.onStatus({ status: 'failed', attempt: failures });
      return;
    }
    failures += 1;
    reopening = true;
    // Without an event id to resume after, the server cannot replay the gap.
    if (lastId === null) mustResync = true;
    handlers.onStatus({ status: 'retrying', attempt: failures });
    retryTimer = setTimeout(() => void open(), TIMINGS.realtimeRetryDelay);
  };

  const alive = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(fail, STALL_MS);
  };

  const received = (event: Event) => {
    alive();
    if (event instanceof MessageEvent && event.lastEventId) {
      lastId = event.lastEventId;
      handlers.onEventId?.(lastId);
    }
  };

  const open = async () => {
    const token = await streamToken();
    if (closed) return;
    if (!token) return fail();
    const es = new EventSource(postEventsUrl(postId, token, reopening ? lastId : null), { withCredentials: true });
    source = es;
    const mine = (listener: (event: Event) => void) => (event: Event) => {
      // A closed source can still deliver what it had queued; only the current one counts.
      if (source === es && !closed) listener(event);
    };
    es.addEventListener(
      'open',
      mine(() => {
        failures = 0;
        handlers.onStatus({ status: 'connected', attempt: 0 });
        alive();
        if (reopening && mustResync) handlers.onResync();
        reopening = false;
        mustResync = false;
      }),
    );
    es.addEventListener(
      'new_comment',
      mine((event) => {
        received(event);
        const data = parse(event, newCommentEventSchema);
        if (data) handlers.onNewComment(data);
      }),
    );
    es.addEventListener(
      'comment_deleted',
      mine((event) => {
        received(event);
        const data = parse(event, commentDeletedEventSchema);
        if (data) handlers.onCommentDeleted(data);
      }),
    );
    es.addEventListener(
      'vote_update',
      mine((event) => {
        received(event);
        const data = parse(event, voteUpdateEventSchema);
        if (data) handlers.onVoteUpdate(data);
      }),
    );
    es.addEventListener('heartbeat', mine(alive));
    es.addEventListener('error', mine(fail));
  };

  handlers.onStatus({ status: 'connecting', attempt: 0 });
  void open();
  return {
    close: () => {
      closed = true;
      clearTimeout(retryTimer);
      drop();
    },
  };
}
