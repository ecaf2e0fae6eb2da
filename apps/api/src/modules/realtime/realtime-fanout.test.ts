/**
 * Reliability R3: two API servers sharing one database and one Redis. An event published
 * through server A reaches a viewer connected to server B, and a broker outage is caught up
 * from post_events.
 *
 * Redis: TEST_REDIS_URL when set (it must answer), else the machine's 127.0.0.1:6379 when it
 * answers (CI starts one; so does this project's dev box). Without any Redis the same two-app
 * tests run over one in-process bus shared by both apps, and the outage is simulated on it; the
 * test names say which one ran.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openPostgres, type Database } from '../../db/client.js';
import type { Bus, BusListener, ResyncListener } from '../../lib/bus/bus.js';
import { createMemoryBus } from '../../lib/bus/memory-bus.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { expectInvariants } from '../../../test/posts-kit.js';
import {
  commentEvent,
  eventsUrl,
  eventually,
  json,
  listen,
  livePost,
  SseClient,
  unlockedReader,
  voteEvent,
} from '../../../test/realtime-kit.js';
import { reachableRedis } from '../../../test/redis.js';
import { realtimeStats } from './realtime.routes.js';

/** The fallback bus: in process, with a switch that loses messages like a broker outage does. */
function outageBus(): Bus & { down: (since: Date) => void; up: () => void } {
  const inner = createMemoryBus();
  const resync = new Set<ResyncListener>();
  let lostSince: Date | null = null;
  return {
    publish: async (topic, message) => {
      if (!lostSince) await inner.publish(topic, message);
    },
    subscribe: (topic: string, listener: BusListener) => inner.subscribe(topic, listener),
    onResync: (listener) => {
      resync.add(listener);
      return () => resync.delete(listener);
    },
    close: () => inner.close(),
    down: (since) => {
      lostSince = since;
    },
    up: () => {
      const since = lostSince;
      lostSince = null;
      if (since) for (const listener of resync) listener(since);
    },
  };
}

const redisUrl = await reachableRedis();
const busName = redisUrl ? `Redis at ${redisUrl}` : 'one in-process bus (no Redis reachable)';
const sharedBus = redisUrl ? null : outageBus();

let a: TestApp;
let b: FastifyInstance;
let baseA: string;
let baseB: string;
let bDatabase: Database;
const clients: SseClient[] = [];
const open = async (url: string, headers: Record<string, string> = {}) => {
  const client = await SseClient.open(url, headers);
  clients.push(client);
  return client;
};

beforeAll(async () => {
  a = await createTestApp({
    env: redisUrl ? { REDIS_URL: redisUrl } : {},
    build: sharedBus ? { bus: sharedBus } : {},
  });
  // B: same config (JWT secret, key prefix, Redis), the same database through its own pool on
  // PostgreSQL; PGlite is one in-process database, so B shares A's handle.
  const { databaseUrl } = a.ctx.config;
  bDatabase = databaseUrl ? openPostgres(databaseUrl) : a.ctx.database;
  b = await buildApp({
    config: a.ctx.config,
    database: bDatabase,
    serveWeb: false,
    seedReferenceData: false,
    ...(sharedBus ? { bus: sharedBus } : {}),
  });
  baseA = await listen(a);
  baseB = await listen(b);
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await eventually(() => realtimeStats(a.ctx).streams === 0 && realtimeStats(b.ctx).streams === 0);
  // The realtime kit's comments go straight into their table, without their charges.
  await expectInvariants(a, { spends: false });
});
afterAll(async () => {
  await b?.close();
  if (bDatabase && bDatabase !== a?.ctx.database) await bDatabase.close();
  await a?.teardown();
});

describe(`two servers over ${busName}`, () => {
  it('delivers a comment and a vote published through server A to viewers on A and on B', async () => {
    const { post, author } = await livePost(a);
    const reader = await unlockedReader(a, post.id);
    const onB = await open(eventsUrl(baseB, post.id, reader.token));
    const onA = await open(eventsUrl(baseA, post.id, author.token));

    const started = Date.now();
    const comment = await commentEvent(a, post.id, author.user, 'from server A');
    const fromB = await onB.next('new_comment', 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(json(fromB)).toMatchObject({ comment_id: comment.id, content: 'from server A', user_id: author.user.id });
    expect(json(await onA.next('new_comment', 1000)).comment_id).toBe(comment.id);
    expect(fromB.id).toBe(onA.events.find((event) => event.event === 'new_comment')?.id);

    await voteEvent(a, post.id, reader.user.id, 1);
    expect(json(await onB.next('vote_update', 1000))).toEqual({ new_vote_count: 1, can_vote: false, has_voted: true });
    expect(json(await onA.next('vote_update', 1000))).toEqual({ new_vote_count: 1, can_vote: false, has_voted: false });
  });

  it('resumes on server B from an event id received on server A', async () => {
    const { post, author } = await livePost(a);
    const onA = await open(eventsUrl(baseA, post.id, author.token));
    await commentEvent(a, post.id, author.user, 'one');
    const first = await onA.next();
    onA.close();
    await commentEvent(b, post.id, author.user, 'two');
    await commentEvent(a, post.id, author.user, 'three');
    const onB = await open(eventsUrl(baseB, post.id, author.token), { 'last-event-id': first.id ?? '' });
    expect([json(await onB.next()).content, json(await onB.next()).content]).toEqual(['two', 'three']);
    await onB.expectNothing(200);
  });

  it('a comment deleted through server B leaves the log and reaches a viewer on server A', async () => {
    const { post, author } = await livePost(a);
    const onA = await open(eventsUrl(baseA, post.id, author.token));
    const said = await commentEvent(a, post.id, author.user, 'soon gone');
    const first = await onA.next('new_comment', 1000);
    const res = await b.inject({ method: 'DELETE', url: `/api/v1/comments/${said.id}`, headers: author.auth });
    expect(res.statusCode).toBe(204);
    expect(json(await onA.next('comment_deleted', 1000))).toEqual({ comment_ids: [said.id] });
    const resumed = await open(eventsUrl(baseB, post.id, author.token), {
      'last-event-id': String(Number(first.id) - 1),
    });
    expect((await resumed.next('comment_deleted', 1000)).data).not.toContain('soon gone');
    expect(resumed.events.map((event) => event.data).join()).not.toContain('soon gone');
  });

  it(
    redisUrl
      ? "catches up from post_events when server B's Redis subscriber connection is killed"
      : 'catches up from post_events after the shared bus lost messages (simulated outage)',
    async () => {
      const { post, author } = await livePost(a);
      const onB = await open(eventsUrl(baseB, post.id, author.token));
      await commentEvent(a, post.id, author.user, 'before');
      expect(json(await onB.next()).content).toBe('before');

      const resynced = new Promise<void>((resolve) => {
        const stop = b.ctx.bus.onResync(() => {
          stop();
          resolve();
        });
      });
      let admin: Redis | null = null;
      if (redisUrl) {
        admin = new Redis(redisUrl);
        const name = `${a.ctx.config.keyPrefix}:bus-subscriber`;
        const list = String(await admin.client('LIST'));
        // Both apps share the prefix; kill B's subscriber (the one created last, highest id).
        const ids = list
          .split('\n')
          .filter((line) => line.includes(` name=${name} `))
          .map((line) => Number(/\bid=(\d+)/.exec(line)?.[1]));
        expect(ids.length).toBe(2);
        await admin.client('KILL', 'ID', String(Math.max(...ids)));
      } else {
        sharedBus?.down(new Date());
      }
      for (const text of ['lost 1', 'lost 2', 'lost 3']) await commentEvent(a, post.id, author.user, text);
      sharedBus?.up();
      await resynced;
      admin?.disconnect();

      const got = [await onB.next(), await onB.next(), await onB.next()];
      expect(got.map((event) => json(event).content)).toEqual(['lost 1', 'lost 2', 'lost 3']);
      await commentEvent(a, post.id, author.user, 'after');
      expect(json(await onB.next()).content).toBe('after');
      await onB.expectNothing(200);
    },
  );

  it('keeps deployments apart: an app with another key prefix receives nothing', async () => {
    const other = await createTestApp({
      env: redisUrl ? { REDIS_URL: redisUrl } : {},
      build: {
        database: a.ctx.database,
        config: { ...a.ctx.config, keyPrefix: `kettle-test-${randomBytes(6).toString('hex')}` },
      },
    });
    try {
      const baseOther = await listen(other);
      const { post, author } = await livePost(a);
      const onOther = await SseClient.open(eventsUrl(baseOther, post.id, author.token));
      const onB = await open(eventsUrl(baseB, post.id, author.token));
      await commentEvent(a, post.id, author.user, 'only for this deployment');
      expect(json(await onB.next()).content).toBe('only for this deployment');
      await onOther.expectNothing(300);
      onOther.close();
    } finally {
      await other.teardown();
    }
  });
});
