// One post's streams in this process behind one bus subscription: its events handled in order,
// each serialised once per variant and handed to the streams in slices (fan-out.ts).
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userBlocks } from '../../db/schema.js';
import type { Bus } from '../../lib/bus/bus.js';
import { asStoredPostEvent, eventsSince, postTopic, type StoredPostEvent } from './post-events.js';
import { inSlices } from './fan-out.js';
import { sseFrame } from './sse.js';
import { streamsOpened, type Stream } from './realtime-stream.js';

/** Event ids a channel remembers, so a catch-up read after a bus outage sends nothing twice. */
const RECENT_IDS = 512;
/** Slack on "since when" a catch-up reads: the broker's loss may predate our noticing it. */
const CATCH_UP_MARGIN_MS = 5_000;
/** Above this many streams of one post, look blocks up by commenter alone. */
export const BLOCK_LOOKUP_BY_VIEWER_MAX = 500;

export type ChannelDeps = {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  /** Told how long each slice of an event's fan-out held the event loop, in seconds. */
  onBroadcast?: (seconds: number) => void;
};

/** The commenter's blockers among the streams opened up to `upTo`. */
type Blockers = { upTo: number; found: Set<string> };

/** What handing a new comment to one stream takes: nothing, when its viewer blocked the writer. */
function commentDelivery(
  event: Extract<StoredPostEvent, { type: 'new_comment' }>,
  { upTo, found }: Blockers,
): (stream: Stream) => void {
  const commenter = event.data.user_id;
  const chunk = sseFrame('new_comment', event.data, event.id);
  return (stream) => {
    // Streams that joined during the lookup fall back to their blocks as of opening.
    const blocked = stream.seq <= upTo ? found.has(stream.viewerId) : stream.blocked.has(commenter);
    if (!blocked) stream.deliver(event.id, chunk);
  };
}

/** The text a vote_update carries for one viewer: the count, and what their button may do. */
export function voteFrame(
  event: Extract<StoredPostEvent, { type: 'vote_update' }>,
  hasVoted: boolean,
  isAuthor: boolean,
) {
  return sseFrame(
    'vote_update',
    { new_vote_count: event.data.new_vote_count, can_vote: !hasVoted && !isAuthor, has_voted: hasVoted },
    event.id,
  );
}

/** Every stream of one post in this process, behind one bus subscription. */
export class Channel {
  readonly streams = new Set<Stream>();
  readonly ready: Promise<void>;
  readonly createdAt = Date.now();
  private unsubscribe: (() => void) | null = null;
  private dead = false;
  /** Events are handled one at a time, so every viewer sees them in the order they arrived. */
  private queue: Promise<void> = Promise.resolve();
  private readonly recent = new Set<number>();

  constructor(
    readonly postId: string,
    private readonly hub: ChannelDeps,
  ) {
    this.ready = hub.bus
      .subscribe(postTopic(postId), (message) => {
        const event = asStoredPostEvent(message);
        if (event && event.postId === postId) this.enqueue(() => this.handle(event));
      })
      .then((unsubscribe) => {
        if (this.dead) unsubscribe();
        else this.unsubscribe = unsubscribe;
      });
    // A failed subscription is reported to the stream that waits on it; nothing else awaits it.
    this.ready.catch(() => undefined);
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch((err: unknown) => {
      this.hub.log.error({ err, postId: this.postId }, 'realtime: delivering an event failed');
    });
  }

  /** After the bus lost messages: read what was stored meanwhile, and send what nobody got. */
  catchUp(since: Date): void {
    const from = new Date(Math.max(since.getTime(), this.createdAt) - CATCH_UP_MARGIN_MS);
    this.enqueue(async () => {
      for (const event of await eventsSince(this.hub.db, this.postId, from)) await this.handle(event);
    });
  }

  private remember(id: number): boolean {
    if (this.recent.has(id)) return false;
    this.recent.add(id);
    if (this.recent.size > RECENT_IDS) {
      const oldest = this.recent.values().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
    return true;
  }

  /** Serialises the event once per variant (performance P7) and hands it to each stream. */
  private async handle(event: StoredPostEvent): Promise<void> {
    if (!this.remember(event.id) || this.streams.size === 0) return;
    // A new comment first reads who blocked its writer.
    const delivery =
      event.type === 'new_comment'
        ? commentDelivery(event, await this.blockersOf(event.data.user_id))
        : this.deliveryOf(event);
    await inSlices([...this.streams], delivery, { onSlice: this.hub.onBroadcast });
  }

  /** What handing a vote or a deletion to one stream takes. */
  private deliveryOf(event: Exclude<StoredPostEvent, { type: 'new_comment' }>): (stream: Stream) => void {
    if (event.type === 'vote_update') {
      const variants = new Map<string, string>();
      return (stream) => {
        if (event.data.voter_id === stream.viewerId) stream.hasVoted = true;
        const key = `${stream.hasVoted}:${stream.isAuthor}`;
        let chunk = variants.get(key);
        if (chunk === undefined) {
          chunk = voteFrame(event, stream.hasVoted, stream.isAuthor);
          variants.set(key, chunk);
        }
        stream.deliver(event.id, chunk);
      };
    }
    // Only ids: every viewer gets it, blocks or not, so no tree keeps a deleted comment.
    const chunk = sseFrame('comment_deleted', event.data, event.id);
    return (stream) => stream.deliver(event.id, chunk);
  }

  /**
   * Who among the viewers blocked the commenter, read now so a block made mid-stream applies. The
   * answer covers the streams opened up to `upTo`; a stream opened during the lookup keeps the
   * blocks it read when it opened. No set of every viewer is built: at 10,000 viewers it outlived
   * the fan-out's slices and was promoted, and could set off a major collection mid-delivery (P7).
   */
  private async blockersOf(commenter: string): Promise<Blockers> {
    const upTo = streamsOpened();
    if (this.streams.size > BLOCK_LOOKUP_BY_VIEWER_MAX) return { upTo, found: await this.blockersAmong(commenter) };
    const viewers = new Set<string>();
    for (const stream of this.streams) if (stream.viewerId !== commenter) viewers.add(stream.viewerId);
    return { upTo, found: viewers.size === 0 ? new Set() : await this.blockersAmong(commenter, [...viewers]) };
  }

  /** Which users blocked the commenter: among `viewers` when given, else all of them. */
  private async blockersAmong(commenter: string, viewers?: string[]): Promise<Set<string>> {
    const rows = await this.hub.db
      .select({ id: userBlocks.blockerId })
      .from(userBlocks)
      .where(
        viewers
          ? and(eq(userBlocks.blockedId, commenter), inArray(userBlocks.blockerId, viewers))
          : eq(userBlocks.blockedId, commenter),
      );
    return new Set(rows.map((row) => row.id));
  }

  /** The last stream left (or the server closes): stop listening on the bus. */
  close(): void {
    this.dead = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}
