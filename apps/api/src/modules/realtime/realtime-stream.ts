import type { SseWriter } from './sse.js';
import type { StreamAccess } from './stream-access.js';

/** Live events a stream may hold while it replays; more means the replay is stuck, so it ends. */
const MAX_PENDING = 1_000;

/** Streams opened in this process so far: each stream's `seq`. */
let opened = 0;

/** How many streams this process has opened so far (the newest stream's `seq`). */
export const streamsOpened = (): number => opened;

/** One open SSE connection: a viewer of one post. */
export class Stream {
  /** Its place in the order streams were opened. */
  readonly seq = ++opened;
  readonly viewerId: string;
  readonly isAuthor: boolean;
  readonly blocked: ReadonlySet<string>;
  /** The viewer's upvote state; flips to true when their own vote_update passes. */
  hasVoted: boolean;
  writer: SseWriter | null = null;
  /** Live events that arrived while the stream was replaying; null once live. */
  pending: Array<{ id: number; chunk: string }> | null = [];
  /**
   * Ids already sent by the replay, so a live copy of the same event is skipped; made only for a
   * stream that replays, since an empty Set costs ~170 bytes for as long as the stream lives (P7).
   */
  replayed: Set<number> | null = null;
  disposed = false;

  constructor(
    readonly access: StreamAccess,
    /** The client's Last-Event-ID: it has everything up to here. */
    readonly resumeFrom: number | null,
    private readonly onDispose: (stream: Stream) => void,
  ) {
    this.viewerId = access.viewerId;
    this.isAuthor = access.isAuthor;
    this.blocked = access.blocked;
    this.hasVoted = access.hasVoted;
  }

  deliver(id: number, chunk: string): void {
    if (this.disposed) return;
    if ((this.resumeFrom !== null && id <= this.resumeFrom) || this.replayed?.has(id)) return;
    if (this.pending) {
      if (this.pending.length >= MAX_PENDING) this.end();
      else this.pending.push({ id, chunk });
      return;
    }
    this.send(chunk);
  }

  send(chunk: string): void {
    if (!this.writer?.write(chunk)) this.dispose();
  }

  /** The replay is written: flush what arrived meanwhile, then write live events directly. */
  goLive(): void {
    const pending = this.pending ?? [];
    this.pending = null;
    for (const { id, chunk } of pending) {
      if (this.disposed) return;
      if (!this.replayed?.has(id)) this.send(chunk);
    }
  }

  end(): void {
    this.writer?.end();
    this.dispose();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.pending = null;
    this.onDispose(this);
  }
}
