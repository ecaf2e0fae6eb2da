import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Bus, BusListener, ResyncListener } from './bus.js';

type RedisBusOptions = {
  /** The app's command connection: PUBLISH goes through it. */
  publisher: Redis;
  /** Every topic becomes `<prefix>:bus:<topic>`, so apps sharing one Redis (tests) never cross-talk. */
  prefix: string;
  log: FastifyBaseLogger;
};

/** Messages held between a reconnect and its resync; past this the oldest go (the log has them). */
const HELD_MAX = 10_000;

/**
 * The many-servers tier: Redis pub/sub. A connection in subscriber mode can run nothing else, so
 * this bus keeps its own subscriber connection, with one SUBSCRIBE per topic however many local
 * listeners it has; each message is parsed once and handed to every local listener.
 *
 * Redis keeps nothing for a subscriber that was away: when the subscriber connection comes back
 * after a drop, the resync listeners are told since when messages may be missing, and read the
 * stored log (post_events) to catch up. Messages that arrive after the reconnect but before the
 * listeners are told are held and handed over after them: a catch-up sends the gap oldest first,
 * and a message that was live meanwhile must not reach a viewer ahead of the gap it follows.
 */
export async function createRedisBus(options: RedisBusOptions): Promise<Bus> {
  const { publisher, prefix, log } = options;
  const subscriber = publisher.duplicate({
    // Named, so an operator (or a test) can find this connection in CLIENT LIST.
    connectionName: `${prefix}:bus-subscriber`,
    lazyConnect: true,
    // SUBSCRIBE sent while Redis is away waits for the reconnect instead of failing.
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    // Nor does it time out: the publisher's deadline would cut a SUBSCRIBE waiting for the reconnect.
    commandTimeout: undefined,
    autoResubscribe: true,
  });
  const channelOf = (topic: string) => `${prefix}:bus:${topic}`;
  const topics = new Map<string, { listeners: Set<BusListener>; ready: Promise<void> }>();
  const byChannel = new Map<string, string>();
  const resyncListeners = new Set<ResyncListener>();
  /**
   * Since the connection dropped, until the resync listeners are told: since when messages may be
   * missing, and the messages received meanwhile.
   */
  let lost: { since: Date; held: Array<[channel: string, raw: string]> } | null = null;
  let closed = false;

  subscriber.on('error', (err: unknown) => log.warn({ err }, 'realtime bus: redis subscriber error'));
  subscriber.on('close', () => {
    if (!closed && !lost) lost = { since: new Date(), held: [] };
  });
  subscriber.on('ready', () => {
    const gap = lost;
    if (!gap) return;
    // ioredis re-sends SUBSCRIBE right after emitting 'ready'; a PING queued behind it answers
    // once those are acknowledged, so a catch-up read from then on leaves no gap.
    setImmediate(() => {
      subscriber.ping().then(
        () => {
          if (lost !== gap) return; // dropped again meanwhile: the next 'ready' resyncs
          lost = null;
          log.info({ since: gap.since }, 'realtime bus: redis subscriber back, resyncing streams');
          for (const listener of [...resyncListeners]) listener(gap.since);
          for (const [channel, raw] of gap.held) dispatch(channel, raw);
        },
        (err: unknown) => log.warn({ err }, 'realtime bus: resync ping failed'),
      );
    });
  });
  subscriber.on('message', (channel: string, raw: string) => {
    if (!lost) dispatch(channel, raw);
    else if (lost.held.push([channel, raw]) > HELD_MAX) lost.held.shift();
  });
  function dispatch(channel: string, raw: string): void {
    const topic = byChannel.get(channel);
    const entry = topic === undefined ? undefined : topics.get(topic);
    if (!entry) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch (err) {
      log.warn({ err, channel }, 'realtime bus: unreadable message dropped');
      return;
    }
    for (const listener of [...entry.listeners]) {
      try {
        listener(message);
      } catch (err) {
        log.error({ err, topic }, 'bus listener failed');
      }
    }
  }
  await subscriber.connect();

  return {
    publish: async (topic, message) => {
      try {
        await publisher.publish(channelOf(topic), JSON.stringify(message));
      } catch (err) {
        // The event is already stored; viewers get it when they resume (Last-Event-ID).
        log.warn({ err, topic }, 'realtime bus: publish failed');
      }
    },
    subscribe: async (topic, listener) => {
      if (closed) throw new Error('realtime bus closed');
      let entry = topics.get(topic);
      if (!entry) {
        const channel = channelOf(topic);
        byChannel.set(channel, topic);
        entry = {
          listeners: new Set(),
          ready: subscriber.subscribe(channel).then(() => undefined),
        };
        topics.set(topic, entry);
      }
      const current = entry;
      current.listeners.add(listener);
      const unsubscribe = () => {
        if (!current.listeners.delete(listener)) return;
        if (current.listeners.size > 0 || topics.get(topic) !== current) return;
        topics.delete(topic);
        byChannel.delete(channelOf(topic));
        // Same connection, so a later SUBSCRIBE to this topic is ordered after this one.
        if (!closed) subscriber.unsubscribe(channelOf(topic)).catch(() => undefined);
      };
      try {
        await current.ready;
      } catch (err) {
        unsubscribe();
        throw err;
      }
      return unsubscribe;
    },
    onResync: (listener) => {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
    close: async () => {
      closed = true;
      lost = null;
      topics.clear();
      byChannel.clear();
      resyncListeners.clear();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
