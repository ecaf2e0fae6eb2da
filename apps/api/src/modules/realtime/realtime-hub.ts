// The streams of this process: per-user slots, joining a post's channel (realtime-channel.ts),
// replaying what a reconnecting client missed, heartbeats and shutdown.
import { eventsAfter, type StoredPostEvent } from './post-events.js';
import { inSlices } from './fan-out.js';
import { HEARTBEAT_FRAME, RETRY_MS, sseFrame, type SseWriter } from './sse.js';
import type { StreamAccess } from './stream-access.js';
import { Stream } from './realtime-stream.js';
import { Channel, voteFrame, type ChannelDeps } from './realtime-channel.js';

/** How long a new stream waits for its bus subscription before the server answers 503. */
const SUBSCRIBE_TIMEOUT_MS = 5_000;
export class RealtimeUnavailableError extends Error {}

/**
 * The channel's bus subscription, or RealtimeUnavailableError after SUBSCRIBE_TIMEOUT_MS. A function
 * of its own so the timer lives in this scope, not in the one `join` shares with the stream's
 * dispose callback, which would keep the spent Timeout for the stream's lifetime (P7).
 */
async function subscribed(channel: { ready: Promise<void> }): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      channel.ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new RealtimeUnavailableError('bus subscribe timed out')), SUBSCRIBE_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export type RealtimeHubOptions = ChannelDeps & {
  heartbeatMs: number;
  maxStreamsPerUser: number;
};

export type RealtimeStats = { streams: number; channels: number; users: number };

export type RealtimeHub = {
  /** Takes one of the user's stream slots; null when they already hold the maximum. */
  reserve: (userId: string) => (() => void) | null;
  /**
   * Registers the stream and waits for its post's bus subscription (rejects with
   * RealtimeUnavailableError when the bus does not answer or the server is closing). Live
   * events are held from here on until `start` has replayed what the client missed.
   */
  join: (access: StreamAccess, resumeFrom: number | null, release: () => void) => Promise<Stream>;
  /** Writes `retry:`, replays post_events after Last-Event-ID, then switches the stream to live. */
  start: (stream: Stream, writer: SseWriter) => Promise<void>;
  stats: () => RealtimeStats;
  /** Ends every stream of one viewer in this process (a ban, deactivation or deletion); how many. */
  endStreamsOf: (userId: string) => number;
  /** Ends every stream and stops the heartbeat (server shutdown, security.md X2). */
  close: () => void;
};

export type { Stream as RealtimeStream };

/**
 * The streams of this process. Per-user caps are counted here, so with several servers a user
 * may hold the cap on each of them; the cap exists to bound one process's sockets and memory.
 */
export function createRealtimeHub(options: RealtimeHubOptions): RealtimeHub {
  const { db, log } = options;
  const streams = new Set<Stream>();
  const channels = new Map<string, Channel>();
  const perUser = new Map<string, number>();
  let closed = false;

  const heartbeat = setInterval(() => {
    void inSlices([...streams], (stream) => {
      if (stream.writer && !stream.disposed) stream.send(HEARTBEAT_FRAME);
    });
  }, options.heartbeatMs);
  heartbeat.unref();

  const stopResync = options.bus.onResync((since) => {
    for (const channel of channels.values()) channel.catchUp(since);
  });

  const leave = (stream: Stream, release: () => void) => {
    streams.delete(stream);
    release();
    const channel = channels.get(stream.access.postId);
    if (!channel) return;
    channel.streams.delete(stream);
    if (channel.streams.size === 0) {
      channels.delete(stream.access.postId);
      channel.close();
    }
  };

  return {
    reserve: (userId) => {
      const held = perUser.get(userId) ?? 0;
      if (held >= options.maxStreamsPerUser) return null;
      perUser.set(userId, held + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const now = (perUser.get(userId) ?? 1) - 1;
        if (now <= 0) perUser.delete(userId);
        else perUser.set(userId, now);
      };
    },

    join: async (access, resumeFrom, release) => {
      if (closed) {
        release();
        throw new RealtimeUnavailableError('server closing');
      }
      const stream = new Stream(access, resumeFrom, (gone) => leave(gone, release));
      let channel = channels.get(access.postId);
      if (!channel) {
        channel = new Channel(access.postId, options);
        channels.set(access.postId, channel);
      }
      channel.streams.add(stream);
      streams.add(stream);
      try {
        await subscribed(channel);
      } catch (err) {
        stream.dispose();
        if (!(err instanceof RealtimeUnavailableError)) log.warn({ err }, 'realtime: bus subscribe failed');
        throw err instanceof RealtimeUnavailableError ? err : new RealtimeUnavailableError('bus subscribe failed');
      }
      if (closed || stream.disposed) {
        stream.dispose();
        throw new RealtimeUnavailableError('server closing');
      }
      return stream;
    },

    start: async (stream, writer) => {
      stream.writer = writer;
      if (closed || stream.disposed) {
        stream.end();
        return;
      }
      writer.write(`retry: ${RETRY_MS}\n\n`);
      if (stream.resumeFrom !== null) {
        let missed: StoredPostEvent[];
        try {
          missed = await eventsAfter(db, stream.access.postId, stream.resumeFrom);
        } catch (err) {
          // Without the replay the client would have a gap; ending makes it reconnect and retry.
          log.error({ err }, 'realtime: replay failed');
          stream.end();
          return;
        }
        for (const event of missed) {
          if (stream.disposed) return;
          (stream.replayed ??= new Set()).add(event.id);
          if (event.type === 'new_comment') {
            if (!stream.blocked.has(event.data.user_id)) stream.send(sseFrame('new_comment', event.data, event.id));
          } else if (event.type === 'comment_deleted') {
            stream.send(sseFrame('comment_deleted', event.data, event.id));
          } else {
            if (event.data.voter_id === stream.viewerId) stream.hasVoted = true;
            stream.send(voteFrame(event, stream.hasVoted, stream.isAuthor));
          }
        }
      }
      if (!stream.disposed) stream.goLive();
    },

    stats: () => ({ streams: streams.size, channels: channels.size, users: perUser.size }),

    endStreamsOf: (userId) => {
      const theirs = [...streams].filter((stream) => stream.viewerId === userId);
      for (const stream of theirs) stream.end();
      return theirs.length;
    },

    close: () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      stopResync();
      for (const stream of [...streams]) stream.end();
      for (const channel of channels.values()) channel.close();
      channels.clear();
    },
  };
}
