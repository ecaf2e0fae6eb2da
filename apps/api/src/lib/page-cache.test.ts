import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import Fastify from 'fastify';
import { Registry } from 'prom-client';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from './bus/memory-bus.js';
import { createRedisBus } from './bus/redis-bus.js';
import type { Bus } from './bus/bus.js';
import { createPageCache, parsedPages, type PageCache } from './page-cache.js';
import { reachableRedis } from '../../test/redis.js';

const log = Fastify({ logger: false }).log;

/** A page maker that says how often it ran, answering what `current` holds when it runs. */
function maker(current: { text: string }) {
  const made = { count: 0 };
  return { made, make: async () => ((made.count += 1), current.text) };
}

/** A page whose build finishes when the test says so. */
function deferred() {
  let release: (text: string) => void = () => undefined;
  const gate = new Promise<string>((resolve) => (release = resolve));
  return { gate, release };
}

const lookups = async (registry: Registry) => {
  const metric = await registry.getSingleMetric('kettle_page_cache_requests_total')?.get();
  const of = (result: string) => metric?.values.find((v) => v.labels.result === result)?.value ?? 0;
  return { hit: of('hit'), miss: of('miss') };
};

type CacheOptions = {
  ttlMs?: number;
  bus?: Bus;
  redis?: Redis;
  prefix?: string;
  registry?: Registry;
  maxTouches?: number;
};
const cache = (options: CacheOptions = {}) =>
  createPageCache({
    ttlMs: options.ttlMs ?? 60_000,
    bus: options.bus ?? createMemoryBus(),
    redis: options.redis,
    prefix: options.prefix ?? 'kettle-test',
    registry: options.registry ?? new Registry(),
    log,
    maxTouches: options.maxTouches,
  });

describe('page cache on one server', () => {
  it('builds a page once and serves the same text after, counting hits and misses', async () => {
    const registry = new Registry();
    const pages = await cache({ registry });
    const current = { text: '{"n":1}' };
    const { made, make } = maker(current);
    expect(await pages.get('list:a', make)).toBe('{"n":1}');
    current.text = '{"n":2}';
    expect(await pages.get('list:a', make)).toBe('{"n":1}');
    expect(made.count).toBe(1);
    expect(await lookups(registry)).toEqual({ hit: 1, miss: 1 });
  });

  it('keeps each key apart', async () => {
    const pages = await cache();
    expect(await pages.get('list:a', async () => 'a')).toBe('a');
    expect(await pages.get('list:b', async () => 'b')).toBe('b');
  });

  it('builds once for many readers missing the same page at the same moment', async () => {
    const pages = await cache();
    const { gate, release } = deferred();
    let builds = 0;
    const make = () => ((builds += 1), gate);
    const readers = Array.from({ length: 20 }, () => pages.get('post:1', make));
    release('{"id":1}');
    expect(new Set(await Promise.all(readers))).toEqual(new Set(['{"id":1}']));
    expect(builds).toBe(1);
  });

  it('serves nothing made before a change once the change is announced', async () => {
    const pages = await cache();
    const current = { text: 'before' };
    const { make } = maker(current);
    await pages.get('list:a', make);
    current.text = 'after';
    pages.invalidate();
    expect(await pages.get('list:a', make)).toBe('after');
  });

  it('does not keep a page whose build overlapped a change', async () => {
    const pages = await cache();
    const { gate, release } = deferred();
    const slow = pages.get('list:a', () => gate);
    pages.invalidate();
    release('built from the old rows');
    // The request that asked still gets its answer; the next one builds again.
    expect(await slow).toBe('built from the old rows');
    expect(await pages.get('list:a', async () => 'fresh')).toBe('fresh');
  });

  // Pages name teas by id, as the list and the tea page do.
  const TEA = '0b1c2d3e-4f50-4617-8829-3a4b5c6d7e8f';
  const OTHER = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';

  it("after a tea's touch, builds again every page naming it and keeps the others", async () => {
    const pages = await cache();
    const current = { text: `{"data":[{"id":"${TEA}","vote_count":0}]}` };
    const { made, make } = maker(current);
    await pages.get('list:a', make);
    const other = `{"id":"${OTHER}","vote_count":0}`;
    await pages.get('post:other', async () => other);
    const changes = pages.changes();
    current.text = `{"data":[{"id":"${TEA}","vote_count":1}]}`;
    // As a path may carry it: in capitals.
    pages.touch(TEA.toUpperCase());
    expect(pages.changes()).toBeGreaterThan(changes);
    expect(pages.generation()).toBe(0);
    expect(await pages.get('list:a', make)).toBe(current.text);
    expect(made.count).toBe(2);
    expect(await pages.get('post:other', async () => 'built again')).toBe(other);
  });

  it('starts a generation instead of remembering more touched teas than its bound', async () => {
    const pages = await cache({ maxTouches: 2 });
    const current = { text: `{"id":"${TEA}","vote_count":0}` };
    const { made, make } = maker(current);
    await pages.get('post:tea', make);
    pages.touch(OTHER);
    pages.touch('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d');
    expect(pages.generation()).toBe(0);
    expect(await pages.get('post:tea', make)).toBe(current.text);
    expect(made.count).toBe(1);
    // A third tea: the touches so far are forgotten, and so is every page kept before them.
    pages.touch('9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b');
    expect(pages.generation()).toBe(1);
    current.text = `{"id":"${TEA}","vote_count":1}`;
    expect(await pages.get('post:tea', make)).toBe(current.text);
    expect(made.count).toBe(2);
  });

  it('does not keep a page whose build overlapped a touch of a tea it names, and keeps one that names none', async () => {
    const pages = await cache();
    const naming = deferred();
    const notNaming = deferred();
    const slow = pages.get('list:a', () => naming.gate);
    const unrelated = pages.get('post:other', () => notNaming.gate);
    pages.touch(TEA);
    naming.release(`{"id":"${TEA}","vote_count":0}`);
    notNaming.release(`{"id":"${OTHER}"}`);
    expect(await slow).toBe(`{"id":"${TEA}","vote_count":0}`);
    await unrelated;
    expect(await pages.get('list:a', async () => 'fresh')).toBe('fresh');
    expect(await pages.get('post:other', async () => 'built again')).toBe(`{"id":"${OTHER}"}`);
  });

  it('holds a page for a kept answer only while it is the current one', async () => {
    const pages = await cache();
    const page = `{"id":"${TEA}"}`;
    await pages.get('post:tea', async () => page);
    const held = pages.held('post:tea', page);
    expect(held?.ms).toBeGreaterThan(0);
    expect(pages.holds('post:tea', held?.serial ?? -1)).toBe(true);
    expect(pages.held('post:tea', 'another text')).toBeNull();
    pages.touch(OTHER);
    expect(pages.holds('post:tea', held?.serial ?? -1)).toBe(true);
    pages.touch(TEA);
    expect(pages.holds('post:tea', held?.serial ?? -1)).toBe(false);
    expect(pages.held('post:tea', page)).toBeNull();
  });

  it('lets a page live no longer than its lifetime, announced change or not', async () => {
    const pages = await cache({ ttlMs: 40 });
    await pages.get('list:a', async () => 'old');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await pages.get('list:a', async () => 'new')).toBe('new');
  });

  it('a build that fails keeps nothing, and the next reader builds again', async () => {
    const pages = await cache();
    await expect(
      pages.get('post:gone', async () => {
        throw new Error('not found');
      }),
    ).rejects.toThrow('not found');
    expect(await pages.get('post:gone', async () => 'now here')).toBe('now here');
  });

  it('keeps no page its builder declines (one built around a failure)', async () => {
    const pages = await cache();
    expect(
      await pages.get(
        'html:/',
        async () => 'partial',
        () => false,
      ),
    ).toBe('partial');
    expect(await pages.get('html:/', async () => 'whole')).toBe('whole');
  });

  it('is off with a lifetime of 0: every read builds', async () => {
    const pages = await cache({ ttlMs: 0 });
    const current = { text: 'x' };
    const { made, make } = maker(current);
    await pages.get('list:a', make);
    await pages.get('list:a', make);
    expect(made.count).toBe(2);
  });
});

const redisUrl = await reachableRedis();

describe('parsed pages', () => {
  it('parses each distinct text once, hands back the parsed value after, and forgets beyond its bound', () => {
    const parse = parsedPages<{ n: number }>(2);
    const one = parse('{"n":1}');
    expect(one).toEqual({ n: 1 });
    expect(parse('{"n":1}')).toBe(one);
    const two = parse('{"n":2}');
    expect(two).toEqual({ n: 2 });
    expect(parse('{"n":1}')).toBe(one);
    // A third text pushes out the least recently read (2): it is parsed afresh, 1 is still held.
    parse('{"n":3}');
    expect(parse('{"n":2}')).not.toBe(two);
    expect(parse('{"n":2}')).toEqual({ n: 2 });
  });
});

describe(`page cache on two servers over ${redisUrl ? `Redis at ${redisUrl}` : 'one in-process bus (no Redis)'}`, () => {
  const connections: Redis[] = [];
  const buses: Bus[] = [];
  const prefix = `kettle-test-${randomBytes(6).toString('hex')}`;
  const sharedBus = createMemoryBus();

  async function server(): Promise<{ pages: PageCache; registry: Registry }> {
    const registry = new Registry();
    if (!redisUrl) return { pages: await cache({ bus: sharedBus, prefix, registry }), registry };
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await redis.connect();
    connections.push(redis);
    const bus = await createRedisBus({ publisher: redis, prefix, log });
    buses.push(bus);
    return { pages: await cache({ redis, bus, prefix, registry }), registry };
  }

  afterAll(async () => {
    for (const bus of buses) await bus.close();
    const [first] = connections;
    if (first) {
      const keys = await first.keys(`${prefix}:*`);
      if (keys.length > 0) await first.del(...keys);
    }
    for (const redis of connections) await redis.quit();
  });

  it("serves one server's page from the other through Redis, and a change on one reaches both", async () => {
    const a = await server();
    const b = await server();
    expect(await a.pages.get('list:a', async () => 'from A')).toBe('from A');
    // Written behind the answer: give the write its moment.
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Without Redis each server keeps its own pages.
    const onB = redisUrl ? 'from A' : 'built on B';
    expect(await b.pages.get('list:a', async () => 'built on B')).toBe(onB);
    expect(await lookups(b.registry)).toEqual(redisUrl ? { hit: 1, miss: 0 } : { hit: 0, miss: 1 });

    a.pages.invalidate();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await b.pages.get('list:a', async () => 'after the change')).toBe('after the change');
    const onA = redisUrl ? 'after the change' : 'built again on A';
    expect(await a.pages.get('list:a', async () => 'built again on A')).toBe(onA);
  });

  it('drops on both servers the pages naming a tea touched on one, the copy in Redis too, and no other', async () => {
    const tea = '1a2b3c4d-5e6f-4a0b-8c1d-2e3f4a5b6c7d';
    const a = await server();
    const b = await server();
    const naming = `{"data":[{"id":"${tea}","vote_count":0}]}`;
    await a.pages.get('list:votes', async () => naming);
    await a.pages.get('list:quiet', async () => 'names no tea');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const onB = redisUrl ? naming : 'built on B';
    expect(await b.pages.get('list:votes', async () => 'built on B')).toBe(onB);

    a.pages.touch(tea);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // B holds its copy no more, and the one in Redis, kept before the touch, is not served.
    expect(await b.pages.get('list:votes', async () => 'counted on B')).toBe('counted on B');
    expect(await a.pages.get('list:votes', async () => 'counted on A')).toBe(
      redisUrl ? 'counted on B' : 'counted on A',
    );
    expect(await a.pages.get('list:quiet', async () => 'built again')).toBe('names no tea');
  });
});
