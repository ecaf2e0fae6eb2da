/**
 * The Redis bus when its subscriber connection drops (reliability R3). Redis keeps nothing for
 * the time it was away, so the resync listeners read the gap from the stored log; nothing that
 * arrives after the drop may reach a listener ahead of them, or a viewer would see a live event
 * before the older ones of the gap.
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.js';
import { reachableRedis } from '../../../test/redis.js';
import { createRedisBus } from './redis-bus.js';

const log = Fastify({ logger: false }).log;
const redisUrl = await reachableRedis();
if (!redisUrl) throw new Error('the shared-services run needs TEST_REDIS_URL');

describe(`redis bus at ${redisUrl}`, () => {
  const prefix = `kettle-test-${randomBytes(6).toString('hex')}`;
  const publisher = new Redis(redisUrl);
  const otherServer = new Redis(redisUrl);
  afterAll(async () => {
    await Promise.all([publisher.quit(), otherServer.quit()]);
  });

  it('holds what arrives after its subscriber reconnects until the resync listeners are told, then hands it over in order', async () => {
    const bus = await createRedisBus({ publisher, prefix, log });
    try {
      const seen: Array<number | 'resync'> = [];
      await bus.subscribe('t', (message) => seen.push((message as { n: number }).n));
      bus.onResync(() => seen.push('resync'));
      const send = (n: number) => otherServer.publish(`${prefix}:bus:t`, JSON.stringify({ n }));
      await send(0);
      await eventually(() => seen.length === 1);

      const clients = String(await otherServer.client('LIST'));
      const id = new RegExp(`\\bid=(\\d+)\\b[^\\n]* name=${prefix}:bus-subscriber `).exec(clients)?.[1];
      expect(id).toBeDefined();
      await otherServer.client('KILL', 'ID', String(id));
      // Publish without pause through the reconnect, so messages land between the re-sent
      // SUBSCRIBE and the moment the bus tells its resync listeners.
      let n = 1;
      const deadline = Date.now() + 10_000;
      while (!seen.includes('resync') && Date.now() < deadline) await send(n++);
      for (let more = 0; more < 20; more += 1) await send(n++);
      const last = n - 1;
      await eventually(() => seen.at(-1) === last);

      const resync = seen.indexOf('resync');
      expect(seen.slice(0, resync)).toEqual([0]);
      const after = seen.slice(resync + 1) as number[];
      expect(after.every((value, i) => i === 0 || value === (after[i - 1] as number) + 1)).toBe(true);
      expect(after.at(-1)).toBe(last);
    } finally {
      await bus.close();
    }
  });
});
