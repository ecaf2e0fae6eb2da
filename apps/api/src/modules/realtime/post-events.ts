import {
  commentDeletedEventSchema,
  newCommentEventSchema,
  type CommentDeletedEvent,
  type NewCommentEvent,
} from '@kettle/shared';
import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { postEvents } from '../../db/schema.js';
import { rowsOf } from '../../lib/sql-rows.js';

/**
 * What a publisher records. vote_update carries the voter's id for the stream to personalise
 * has_voted/can_vote per viewer; the id itself is never written to a stream.
 */
export type PostEventInput =
  | { type: 'new_comment'; data: NewCommentEvent }
  | { type: 'comment_deleted'; data: CommentDeletedEvent }
  | { type: 'vote_update'; data: { new_vote_count: number; voter_id: string } };

export type StoredPostEvent = PostEventInput & { id: number; postId: string };

export const postTopic = (postId: string) => `post:${postId}`;

/**
 * Records the event (the resume log of security.md R1/R3), then fans it out. Call after the
 * action's transaction commits, so no stream sees an event whose action rolled back. The bus
 * never rejects: if the broker is down, viewers still get the event when they resume.
 */
export async function publishPostEvent(ctx: AppContext, postId: string, event: PostEventInput): Promise<void> {
  const payload = JSON.stringify(event.data);
  const result = await ctx.db.execute(sql`
    insert into ${postEvents} (post_id, type, payload)
    values (${postId}, ${event.type}, ${payload}::jsonb)
    returning id`);
  const row = rowsOf<{ id: number | string }>(result)[0];
  if (row) await announcePostEvent(ctx, { ...event, id: Number(row.id), postId });
}

/**
 * Fans out an event its action recorded in its own statement (voteEventCte), once that
 * committed. The bus never rejects (see publishPostEvent).
 */
export async function announcePostEvent(ctx: AppContext, stored: StoredPostEvent): Promise<void> {
  await ctx.bus.publish(postTopic(stored.postId), stored);
}

/**
 * The vote_update events, recorded by the votes' own statement (votes.repository.ts) from its
 * `bumped` (each vote's place `n`, post id, new count) and `actor` CTEs, so each vote and its
 * event commit together: a statement and a commit fewer than publishPostEvent after the vote
 * (docs/performance.md P6). A tea is voted on once a statement, so its id names its event. The caller
 * announces it after commit (announcePostEvent), so no stream hears of a vote that rolled back.
 */
export const voteEventCte = sql`recorded as (
      insert into ${postEvents} (post_id, type, payload)
      select bumped.id, 'vote_update', jsonb_build_object('new_vote_count', bumped.vote_count, 'voter_id', actor.id)
      from bumped join actor on actor.n = bumped.n
      returning id, post_id
    )`;

/**
 * The new_comment events, recorded by the comments' own statement (comments.repository.ts) from
 * its `stored` rows and `actor`, so each comment and its event commit together: a statement and a
 * commit fewer than publishPostEvent after the comment (docs/performance.md P6), and no event can
 * outlive a comment that rolled back. A writer comments once a statement, so the payload's
 * user_id names its comment. The caller announces the payload it returns, so the live event and
 * a resume's replay are the same text. The time is written as the answer's toISOString writes it:
 * UTC, milliseconds truncated, as a Date truncates the column's microseconds.
 */
export const commentEventCte = sql`recorded as (
      insert into ${postEvents} (post_id, type, payload)
      select stored.post_id, 'new_comment', jsonb_build_object(
        'comment_id', stored.id,
        'content', stored.content,
        'user_id', stored.user_id,
        'username', actor.username,
        'created_at', to_char(stored.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'parent_comment_id', stored.parent_comment_id)
      from stored join actor on actor.id = stored.user_id
      returning id, payload
    )`;

/**
 * Forgets the `new_comment` events of deleted comments, in the deleting transaction, so no
 * resume replays their text (issue 10). The `comment_deleted` event is published after commit.
 */
export async function forgetCommentEvents(db: DbOrTx, postId: string, commentIds: string[]): Promise<void> {
  if (commentIds.length === 0) return;
  await db
    .delete(postEvents)
    .where(
      and(
        eq(postEvents.postId, postId),
        eq(postEvents.type, 'new_comment'),
        inArray(sql<string>`${postEvents.payload}->>'comment_id'`, commentIds),
      ),
    );
}

const voteDataSchema = z.object({ new_vote_count: z.number().int(), voter_id: z.uuid() });
const storedSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.number().int().positive(),
    postId: z.uuid(),
    type: z.literal('new_comment'),
    data: newCommentEventSchema,
  }),
  z.object({ id: z.number().int().positive(), postId: z.uuid(), type: z.literal('vote_update'), data: voteDataSchema }),
  z.object({
    id: z.number().int().positive(),
    postId: z.uuid(),
    type: z.literal('comment_deleted'),
    data: commentDeletedEventSchema,
  }),
]);

/**
 * A bus message or a stored row as an event, or null for anything else: messages cross process
 * boundaries (and versions, during a rolling deploy), so a malformed one is dropped, not sent.
 */
export function asStoredPostEvent(message: unknown): StoredPostEvent | null {
  const parsed = storedSchema.safeParse(message);
  return parsed.success ? parsed.data : null;
}

/** How many missed events one resume replays; older ones are the client's refetch to repair. */
export const REPLAY_LIMIT = 500;

type EventRow = { id: number; postId: string; type: string; payload: unknown };
const toStored = (rows: EventRow[]): StoredPostEvent[] =>
  rows.flatMap((row) => asStoredPostEvent({ id: row.id, postId: row.postId, type: row.type, data: row.payload }) ?? []);

const eventColumns = {
  id: postEvents.id,
  postId: postEvents.postId,
  type: postEvents.type,
  payload: postEvents.payload,
};

/** The post's events after `afterId`, oldest first (a Last-Event-ID resume). */
export async function eventsAfter(db: DbOrTx, postId: string, afterId: number): Promise<StoredPostEvent[]> {
  const rows = await db
    .select(eventColumns)
    .from(postEvents)
    .where(and(eq(postEvents.postId, postId), gt(postEvents.id, afterId)))
    .orderBy(asc(postEvents.id))
    .limit(REPLAY_LIMIT);
  return toStored(rows);
}

/** The post's events recorded since `since`, oldest first (a catch-up after the bus lost messages). */
export async function eventsSince(db: DbOrTx, postId: string, since: Date): Promise<StoredPostEvent[]> {
  const rows = await db
    .select(eventColumns)
    .from(postEvents)
    .where(and(eq(postEvents.postId, postId), gte(postEvents.createdAt, since)))
    .orderBy(asc(postEvents.id))
    .limit(REPLAY_LIMIT);
  return toStored(rows);
}

/** Forgets events older than `before`: the log is a recent buffer for resumes, not history. */
export async function deleteEventsBefore(db: DbOrTx, before: Date): Promise<number> {
  const result = await db.execute(sql`
    with gone as (delete from ${postEvents} where ${lt(postEvents.createdAt, before)} returning 1)
    select count(*)::int as n from gone`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}
