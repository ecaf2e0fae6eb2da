import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/realtime-kit.js';
import { postTopic } from './post-events.js';
import { createRealtimeHub, FAN_OUT_SLICE } from './realtime-hub.js';
import type { SseWriter } from './sse.js';

const VIEWERS = 2_500;

describe('the fan-out of one event to many viewers (performance P7)', () => {
  let app: TestApp;
  useTestApp((made) => {
    app = made;
  });

  it('reaches every viewer once, a slice at a time, letting the event loop turn between slices', async () => {
    const slices: number[] = [];
    const hub = createRealtimeHub({
      db: app.ctx.db,
      bus: app.ctx.bus,
      log: app.log,
      heartbeatMs: 60_000,
      maxStreamsPerUser: 1,
      onBroadcast: (seconds) => slices.push(seconds),
    });
    const postId = randomUUID();
    const received = new Array<number>(VIEWERS).fill(0);
    const order: string[] = [];
    try {
      for (let i = 0; i < VIEWERS; i++) {
        const viewerId = randomUUID();
        const release = hub.reserve(viewerId);
        if (!release) throw new Error('no stream slot');
        const access = { viewerId, postId, isAuthor: false, hasVoted: false, blocked: new Set<string>() };
        const writer: SseWriter = {
          write: (chunk) => {
            if (!chunk.includes('vote_update')) return true;
            received[i] = (received[i] ?? 0) + 1;
            if (i === VIEWERS - 1) order.push('last viewer served');
            return true;
          },
          end: () => undefined,
          open: true,
        };
        await hub.start(await hub.join(access, null, release), writer);
      }

      const event = { type: 'vote_update', id: 1, postId, data: { new_vote_count: 3, voter_id: randomUUID() } };
      await app.ctx.bus.publish(postTopic(postId), event);
      setImmediate(() => order.push('another task ran'));
      await eventually(() => received.every((n) => n === 1));

      expect(slices).toHaveLength(Math.ceil(VIEWERS / FAN_OUT_SLICE));
      expect(order).toEqual(['another task ran', 'last viewer served']);
    } finally {
      hub.close();
    }
  });
});
