import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { userBlocks } from '../../db/schema.js';
import { useTestApp, type TestApp } from '../../../test/harness.js';
import { signedIn } from '../../../test/posts-kit.js';
import { commentEvent, eventually, livePost } from '../../../test/realtime-kit.js';
import { postTopic } from './post-events.js';
import { FAN_OUT_BUDGET_MS } from './fan-out.js';
import { BLOCK_LOOKUP_BY_VIEWER_MAX } from './realtime-channel.js';
import { createRealtimeHub, type RealtimeHub } from './realtime-hub.js';
import type { SseWriter } from './sse.js';

const VIEWERS = 2_500;
/** About what a socket send costs on loopback, so the fan-out is long enough to need slices. */
const WRITE_US = 20;

function busyFor(microseconds: number) {
  const until = performance.now() + microseconds / 1000;
  while (performance.now() < until);
}

/** A writer that keeps what it is given. */
function keepingWriter(chunks: string[], onWrite?: (chunk: string) => void): SseWriter {
  return {
    write: (chunk) => {
      chunks.push(chunk);
      onWrite?.(chunk);
      return true;
    },
    end: () => undefined,
    open: true,
  };
}

/** Opens a live stream of `postId` for `viewerId` on `hub`, as the route does. */
async function view(
  hub: RealtimeHub,
  postId: string,
  viewerId: string,
  writer: SseWriter,
  blocked = new Set<string>(),
) {
  const release = hub.reserve(viewerId);
  if (!release) throw new Error('no stream slot');
  await hub.start(
    await hub.join({ viewerId, postId, isAuthor: false, hasVoted: false, blocked }, null, release),
    writer,
  );
}

describe('the fan-out of one event to many viewers (performance P7)', () => {
  let app: TestApp;
  useTestApp(
    (made) => {
      app = made;
    },
    // commentEvent stores its comment without the charge the route would take.
    { invariants: { spends: false } },
  );

  const hubFor = (onBroadcast?: (seconds: number) => void) =>
    createRealtimeHub({
      db: app.ctx.db,
      bus: app.ctx.bus,
      log: app.log,
      heartbeatMs: 60_000,
      maxStreamsPerUser: 1,
      onBroadcast,
    });

  it('reaches every viewer once, a slice at a time, letting the event loop turn between slices', async () => {
    const slices: number[] = [];
    const hub = hubFor((seconds) => slices.push(seconds));
    const postId = randomUUID();
    const received = new Array<number>(VIEWERS).fill(0);
    const order: string[] = [];
    try {
      for (let i = 0; i < VIEWERS; i++) {
        const writer = keepingWriter([], (chunk) => {
          if (!chunk.includes('vote_update')) return;
          busyFor(WRITE_US);
          received[i] = (received[i] ?? 0) + 1;
          if (i === VIEWERS - 1) order.push('last viewer served');
        });
        await view(hub, postId, randomUUID(), writer);
      }

      const event = { type: 'vote_update', id: 1, postId, data: { new_vote_count: 3, voter_id: randomUUID() } };
      await app.ctx.bus.publish(postTopic(postId), event);
      setImmediate(() => order.push('another task ran'));
      await eventually(() => received.every((n) => n === 1));

      // 2,500 sends of 20 µs hold the loop 50 ms in all: more than one budget's worth.
      expect((VIEWERS * WRITE_US) / 1000).toBeGreaterThan(FAN_OUT_BUDGET_MS);
      expect(slices.length).toBeGreaterThan(1);
      expect(order).toEqual(['another task ran', 'last viewer served']);
    } finally {
      hub.close();
    }
  });

  // Up to BLOCK_LOOKUP_BY_VIEWER_MAX viewers the lookup names them; past it, it asks by commenter.
  it.each([3, BLOCK_LOOKUP_BY_VIEWER_MAX + 1])(
    'with %i viewers, keeps a comment from whoever blocks its writer now, as the database says',
    async (viewers) => {
      const { post, author } = await livePost(app);
      const blocker = await signedIn(app);
      const unblocked = await signedIn(app);
      await app.ctx.db.insert(userBlocks).values({ blockerId: blocker.user.id, blockedId: author.user.id });
      const hub = hubFor();
      const seen = {
        blocker: [] as string[],
        unblocked: [] as string[],
        author: [] as string[],
        others: [] as string[],
      };
      try {
        await view(hub, post.id, blocker.user.id, keepingWriter(seen.blocker));
        // Blocked the author when the stream opened, unblocked since: the fresh answer applies.
        await view(hub, post.id, unblocked.user.id, keepingWriter(seen.unblocked), new Set([author.user.id]));
        await view(hub, post.id, author.user.id, keepingWriter(seen.author));
        for (let i = 3; i < viewers; i++) await view(hub, post.id, randomUUID(), keepingWriter(seen.others));

        await commentEvent(app, post.id, author.user, 'who hears this');
        const heard = (chunks: string[]) => chunks.filter((c) => c.includes('who hears this')).length;
        await eventually(() => heard(seen.others) === viewers - 3 && heard(seen.author) === 1);
        expect(heard(seen.unblocked)).toBe(1);
        expect(heard(seen.blocker)).toBe(0);
      } finally {
        hub.close();
      }
    },
  );
});
