import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { Counter, type Registry } from 'prom-client';
import type { Bus } from './bus/bus.js';
import { createTeaTouches, type KeptPage } from './tea-touches.js';

/**
 * What a visitor reads, serialized once and served to every visitor until something changes
 * (docs/performance.md P1, P2). Entries are keyed by a generation: any change a visitor could see
 * starts a new one, so no page of the old generation is served again on this server, and on the
 * others once the bus carries the news. A change to one tea's count (a vote) ends only the pages
 * naming that tea (`touch`, lib/tea-touches.ts). Every entry also lives at most `ttlMs`, which
 * bounds what no request announces (a sweep ending a bounty) and a bus message lost between servers.
 */
export type PageCache = {
  /**
   * The page at `key`, or `make`'s answer, stored unless `keep` says no (a page built around a
   * failure); concurrent misses of one key share one `make`.
   */
  get: (key: string, make: () => Promise<string>, keep?: (page: string) => boolean) => Promise<string>;
  /** Something visitors see changed: no page made before now is served again. */
  invalidate: () => void;
  /**
   * Only what kept pages show of the tea `id` changed (a vote, its count): no page naming it that
   * was made before now is served again; every other page stays (lib/tea-touches.ts).
   */
  touch: (id: string) => void;
  /** The generation pages are made in now. */
  generation: () => number;
  /** Moves whenever a kept page may have stopped being current (a new generation, a touch). */
  changes: () => number;
  /**
   * `page` as the current page at `key` here: how long it still lives (ms) and which keeping of it
   * this is; null when it is not the one held, or no longer current.
   */
  held: (key: string, page: string) => { ms: number; serial: number } | null;
  /** Whether the keeping `serial` of the page at `key` is still held here and current. */
  holds: (key: string, serial: number) => boolean;
};

type PageCacheOptions = {
  ttlMs: number;
  /** Shared pages and generation across servers (REDIS_URL); this server alone otherwise. */
  redis?: Redis;
  bus: Bus;
  prefix: string;
  registry: Registry;
  log: FastifyBaseLogger;
  /** Touched teas remembered before a new generation replaces them (tea-touches MAX_REMEMBERED). */
  maxTouches?: number;
};

/** Per server: each list page and filter, each tea; the least recently read go first. */
const MAX_PAGES = 5_000;
/** Characters of JSON kept per server (~32 MB of text): a page of cards is ~10 KB. */
const MAX_CHARACTERS = 32 * 1024 * 1024;
const TOPIC = 'pages';
/** Characters a named id costs in the cache's size: its string and its touch number. */
const ID_COST = 48;
/** A build's longest time, beyond which a touch may be forgotten (lib/tea-touches.ts). */
const FORGET_MARGIN_MS = 10_000;

export async function createPageCache(options: PageCacheOptions): Promise<PageCache> {
  const { ttlMs, redis, bus, prefix, log } = options;
  const lookups = new Counter({
    name: 'kettle_page_cache_requests_total',
    help: "Visitors' pages asked of the page cache: hit (this server or Redis) or miss (built).",
    labelNames: ['result'] as const,
    registers: [options.registry],
  });
  if (ttlMs <= 0) {
    const none = () => undefined;
    return {
      get: (_key, make) => make(),
      invalidate: none,
      touch: none,
      generation: () => 0,
      changes: () => 0,
      held: () => null,
      holds: () => false,
    };
  }

  const local = new LRUCache<string, KeptPage>({
    max: MAX_PAGES,
    maxSize: MAX_CHARACTERS,
    // The ids a page names cost memory too: a list's cards name tens.
    sizeCalculation: (entry) => Math.max(1, entry.page.length + entry.ids.length * ID_COST),
    ttl: ttlMs,
  });
  const building = new Map<string, Promise<string>>();
  const generationKey = `${prefix}:pages:generation`;
  const touchesKey = `${prefix}:pages:touches`;
  // Longer than any page made before a touch can live: here or in Redis (ttlMs from its storing),
  // after a build that began before the touch (a statement's time at most).
  const touches = createTeaTouches(2 * ttlMs + FORGET_MARGIN_MS, {
    max: options.maxTouches,
    onForgetAll: () => invalidate(),
  });
  let generation = 0;
  let advances = 0;
  const advance = (to: number) => {
    if (to <= generation) return;
    generation = to;
    advances += 1;
    // clear() writes every slot of the cache's arrays (MAX_PAGES each) even when none is used, and
    // every write request starts a generation: 6% of an unlock's CPU under load.
    if (local.size > 0) local.clear();
  };
  // A shared counter, so every server names one generation the same: a page stored in Redis by
  // one is found by the others.
  if (redis) advance(Number((await redis.get(generationKey).catch(() => null)) ?? 0));
  await bus.subscribe(TOPIC, (message) => {
    const { generation: to, tea, touch } = message as { generation?: unknown; tea?: unknown; touch?: unknown };
    if (typeof to === 'number') advance(to);
    if (typeof tea === 'string' && typeof touch === 'number') touches.note(tea, touch);
  });

  const shared = {
    read: async (key: string) => {
      const text = redis ? await redis.get(key).catch(() => null) : null;
      return text === null ? null : touches.fromShared(text);
    },
    write: (key: string, entry: KeptPage) => {
      redis
        ?.set(key, touches.toShared(entry), 'PX', ttlMs)
        .catch((err: unknown) => log.warn({ err }, 'page cache: redis write failed'));
    },
  };
  const current = (key: string): KeptPage | undefined => {
    const entry = local.peek(key);
    return entry && touches.isCurrent(entry) ? entry : undefined;
  };

  async function build(key: string, make: () => Promise<string>, keep: (page: string) => boolean): Promise<string> {
    const made = generation;
    const since = touches.seq();
    // Not under `:pages:`, where older servers kept bare text: in a rolling deploy they would send
    // this form to visitors.
    const sharedKey = `${prefix}:kept:${made}:${key}`;
    const stored = await shared.read(sharedKey);
    if (stored && touches.isCurrent(stored)) {
      lookups.inc({ result: 'hit' });
      if (made === generation && !touches.touchedSince(stored, since)) local.set(key, stored);
      return stored.page;
    }
    lookups.inc({ result: 'miss' });
    const page = await make();
    // A change announced while the page was being built may be missing from it: serve it to
    // this request only.
    if (made === generation && keep(page)) {
      const entry = touches.keep(page);
      if (!touches.touchedSince(entry, since)) {
        local.set(key, entry);
        shared.write(sharedKey, entry);
      }
    }
    return page;
  }

  function invalidate(): void {
    advance(generation + 1);
    // Without Redis the bus is this process's own (servers sharing one in a test hear it too).
    if (!redis) {
      void bus.publish(TOPIC, { generation });
      return;
    }
    redis
      .incr(generationKey)
      .then((to) => {
        advance(to);
        return bus.publish(TOPIC, { generation: to });
      })
      .catch((err: unknown) => log.warn({ err }, 'page cache: could not announce a change'));
  }

  return {
    generation: () => generation,
    changes: () => advances + touches.seq(),
    held: (key, page) => {
      const entry = current(key);
      return entry?.page === page ? { ms: Math.max(0, local.getRemainingTTL(key)), serial: entry.serial } : null;
    },
    holds: (key, serial) => current(key)?.serial === serial,
    get: (key, make, keep = () => true) => {
      const entry = local.get(key);
      if (entry !== undefined && touches.isCurrent(entry)) {
        lookups.inc({ result: 'hit' });
        return Promise.resolve(entry.page);
      }
      // Any change splits the builds a reader may join: one begun before it may miss it.
      const flightKey = `${advances + touches.seq()}:${key}`;
      let flight = building.get(flightKey);
      if (!flight) {
        flight = build(key, make, keep).finally(() => building.delete(flightKey));
        building.set(flightKey, flight);
      }
      return flight;
    },
    invalidate,
    touch: (id) => {
      // As pages name it: PostgreSQL writes a uuid in lower case, a path may not.
      const tea = id.toLowerCase();
      if (!redis) {
        const touch = touches.nextInProcess();
        touches.note(tea, touch);
        void bus.publish(TOPIC, { tea, touch });
        return;
      }
      // This server's next read must not see the page from before (the shared number follows).
      touches.note(tea, touches.guess(tea));
      redis
        .incr(touchesKey)
        .then((touch) => {
          touches.note(tea, touch);
          return bus.publish(TOPIC, { tea, touch });
        })
        .catch((err: unknown) => log.warn({ err }, 'page cache: could not announce a change'));
    },
  };
}

/**
 * Kept text, parsed once per distinct string: the page cache hands out the same string on every
 * hit, so a page holding structure rather than a response is parsed once per server and
 * generation, not per request. `max` bounds the parsed copies held.
 */
export function parsedPages<T>(max: number): (text: string) => T {
  const parsed = new LRUCache<string, { value: T }>({ max });
  return (text) => {
    let entry = parsed.get(text);
    if (!entry) {
      entry = { value: JSON.parse(text) as T };
      parsed.set(text, entry);
    }
    return entry.value;
  };
}
