import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { Counter, type Registry } from 'prom-client';
import type { Bus } from './bus/bus.js';

/**
 * What a visitor reads, serialized once and served to every visitor until something changes
 * (performance.md P1, P2). Entries are keyed by a generation: any change a visitor could see
 * starts a new one, so no page of the old generation is served again on this server, and on the
 * others once the bus carries the news. Every entry also lives at most `ttlMs`, which bounds
 * what no request announces (a sweep ending a bounty) and a bus message lost between servers.
 */
export type PageCache = {
  /**
   * The page at `key`, or `make`'s answer, stored unless `keep` says no (a page built around a
   * failure); concurrent misses of one key share one `make`.
   */
  get: (key: string, make: () => Promise<string>, keep?: (page: string) => boolean) => Promise<string>;
  /** Something visitors see changed: no page made before now is served again. */
  invalidate: () => void;
  /** The generation pages are made in now (lib/hot-pages.ts keeps copies under it). */
  generation: () => number;
  /** How long `page` still lives here as the page at `key`, in ms; 0 when it is not the one held. */
  heldFor: (key: string, page: string) => number;
};

type PageCacheOptions = {
  ttlMs: number;
  /** Shared pages and generation across servers (REDIS_URL); this server alone otherwise. */
  redis?: Redis;
  bus: Bus;
  prefix: string;
  registry: Registry;
  log: FastifyBaseLogger;
};

/** Per server: each list page and filter, each tea; the least recently read go first. */
const MAX_PAGES = 5_000;
/** Characters of JSON kept per server (~32 MB of text): a page of cards is ~10 KB. */
const MAX_CHARACTERS = 32 * 1024 * 1024;
const TOPIC = 'pages';

export async function createPageCache(options: PageCacheOptions): Promise<PageCache> {
  const { ttlMs, redis, bus, prefix, log } = options;
  const lookups = new Counter({
    name: 'kettle_page_cache_requests_total',
    help: "Visitors' pages asked of the page cache: hit (this server or Redis) or miss (built).",
    labelNames: ['result'] as const,
    registers: [options.registry],
  });
  if (ttlMs <= 0)
    return { get: (_key, make) => make(), invalidate: () => undefined, generation: () => 0, heldFor: () => 0 };

  const local = new LRUCache<string, string>({
    max: MAX_PAGES,
    maxSize: MAX_CHARACTERS,
    sizeCalculation: (page) => Math.max(1, page.length),
    ttl: ttlMs,
  });
  const building = new Map<string, Promise<string>>();
  const generationKey = `${prefix}:pages:generation`;
  let generation = 0;
  const advance = (to: number) => {
    if (to <= generation) return;
    generation = to;
    // clear() writes every slot of the cache's arrays (MAX_PAGES each) even when none is used, and
    // every write request starts a generation: 6% of an unlock's CPU under load.
    if (local.size > 0) local.clear();
  };
  // A shared counter, so every server names one generation the same: a page stored in Redis by
  // one is found by the others.
  if (redis) advance(Number((await redis.get(generationKey).catch(() => null)) ?? 0));
  await bus.subscribe(TOPIC, (message) => {
    const to = (message as { generation?: unknown }).generation;
    if (typeof to === 'number') advance(to);
  });

  const shared = {
    read: async (key: string) => (redis ? redis.get(key).catch(() => null) : null),
    write: (key: string, page: string) => {
      redis?.set(key, page, 'PX', ttlMs).catch((err: unknown) => log.warn({ err }, 'page cache: redis write failed'));
    },
  };

  async function build(key: string, make: () => Promise<string>, keep: (page: string) => boolean): Promise<string> {
    const made = generation;
    const sharedKey = `${prefix}:pages:${made}:${key}`;
    const stored = await shared.read(sharedKey);
    if (stored !== null) {
      lookups.inc({ result: 'hit' });
      if (made === generation) local.set(key, stored);
      return stored;
    }
    lookups.inc({ result: 'miss' });
    const page = await make();
    // A change announced while the page was being built may be missing from it: serve it to
    // this request only.
    if (made === generation && keep(page)) {
      local.set(key, page);
      shared.write(sharedKey, page);
    }
    return page;
  }

  return {
    generation: () => generation,
    heldFor: (key, page) => (local.peek(key) === page ? Math.max(0, local.getRemainingTTL(key)) : 0),
    get: (key, make, keep = () => true) => {
      const page = local.get(key);
      if (page !== undefined) {
        lookups.inc({ result: 'hit' });
        return Promise.resolve(page);
      }
      const flightKey = `${generation}:${key}`;
      let flight = building.get(flightKey);
      if (!flight) {
        flight = build(key, make, keep).finally(() => building.delete(flightKey));
        building.set(flightKey, flight);
      }
      return flight;
    },
    invalidate: () => {
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
