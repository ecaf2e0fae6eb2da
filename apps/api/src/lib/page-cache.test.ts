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

const cache = (options: { ttlMs?: number; bus?: Bus; redis?: Redis; prefix?: string; registry?: Registry } = {}) =>
  createPageCache({
    ttlMs: options.ttlMs ?? 60_000,
    bus: options.bus ?? createMemoryBus(),
    redis: options.redis,
    prefix: options.prefix ?? 'kettle-test',
    registry: options.registry ?? new Registry(),
    log,
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
});
