import type { FastifyBaseLogger } from 'fastify';
import type { Bus, BusListener, ResyncListener } from './bus.js';

/** The one-server tier: topics live in this process, so nothing is ever lost in transit. */
export function createMemoryBus(options: { log?: FastifyBaseLogger } = {}): Bus {
  const topics = new Map<string, Set<BusListener>>();
  const resyncListeners = new Set<ResyncListener>();
  return {
    publish: async (topic, message) => {
      // A copy of the set: a listener that unsubscribes while we deliver must not skip another.
      for (const listener of [...(topics.get(topic) ?? [])]) {
        try {
          listener(message);
        } catch (err) {
          // One broken listener must not fail the publisher's request, nor starve the others.
          options.log?.error({ err, topic }, 'bus listener failed');
        }
      }
    },
    subscribe: async (topic, listener) => {
      const listeners = topics.get(topic) ?? new Set<BusListener>();
      listeners.add(listener);
      topics.set(topic, listeners);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && topics.get(topic) === listeners) topics.delete(topic);
      };
    },
    onResync: (listener) => {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
    close: async () => {
      topics.clear();
      resyncListeners.clear();
    },
  };
}
