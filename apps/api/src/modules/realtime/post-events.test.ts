import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { postEvents } from '../../db/schema.js';
import { createMemoryBus } from '../../lib/bus/memory-bus.js';
import { startSweeps, SWEEP_JOBS } from '../../sweeps/schedule.js';
import { asStoredPostEvent, deleteEventsBefore, eventsAfter, postTopic, REPLAY_LIMIT } from './post-events.js';
import { commentEvent, eventually, livePost, voteEvent } from '../../../test/realtime-kit.js';
import { postComment } from '../../../test/conversation-kit.js';
import { signedIn } from '../../../test/posts-kit.js';
import { approvedPost } from '../../../test/reading-kit.js';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.teardown());

const eventIdsOf = async (postId: string) =>
  (await app.ctx.db.select({ id: postEvents.id }).from(postEvents).where(eq(postEvents.postId, postId))).map(
    (row) => row.id,
  );

describe('the post_events log', () => {
  it('stores every published event with the voter id kept server-side, and replays after an id in order', async () => {
    const { post, author } = await livePost(app);
    await commentEvent(app, post.id, author.user, 'one');
    await voteEvent(app, post.id, author.user.id, 4);
    await commentEvent(app, post.id, author.user, 'two');
    const [first, ...rest] = await eventsAfter(app.ctx.db, post.id, 0);
    expect(first?.type).toBe('new_comment');
    expect(rest.map((event) => event.type)).toEqual(['vote_update', 'new_comment']);
    expect(rest[0]).toMatchObject({ postId: post.id, data: { new_vote_count: 4, voter_id: author.user.id } });
    const afterFirst = await eventsAfter(app.ctx.db, post.id, first?.id ?? 0);
    expect(afterFirst.map((event) => event.id)).toEqual(rest.map((event) => event.id));
  });

  it(`replays at most ${REPLAY_LIMIT} events, the oldest missed first`, async () => {
    const { post } = await livePost(app);
    await app.ctx.db.execute(sql`
      insert into ${postEvents} (post_id, type, payload)
      select ${post.id}, 'vote_update', jsonb_build_object('new_vote_count', n, 'voter_id', ${post.authorId}::text)
      from generate_series(1, ${REPLAY_LIMIT + 20}) as n`);
    const replay = await eventsAfter(app.ctx.db, post.id, 0);
    expect(replay).toHaveLength(REPLAY_LIMIT);
    expect(replay.map((event) => (event.type === 'vote_update' ? event.data.new_vote_count : 0))).toEqual(
      Array.from({ length: REPLAY_LIMIT }, (_, i) => i + 1),
    );
  });

  it('accepts only well-formed events from the bus', () => {
    const postId = '00000000-0000-4000-8000-000000000001';
    const voter = '00000000-0000-4000-8000-000000000002';
    expect(
      asStoredPostEvent({ id: 3, postId, type: 'vote_update', data: { new_vote_count: 1, voter_id: voter } }),
    ).toEqual({ id: 3, postId, type: 'vote_update', data: { new_vote_count: 1, voter_id: voter } });
    for (const junk of [
      null,
      'text',
      { id: 3, postId, type: 'post_deleted', data: {} },
      { id: 0, postId, type: 'vote_update', data: { new_vote_count: 1, voter_id: voter } },
      { id: 3, postId, type: 'new_comment', data: { content: 'no ids' } },
    ]) {
      expect(asStoredPostEvent(junk)).toBeNull();
    }
  });

  it('sweeps events past retention and keeps recent ones', async () => {
    const { post, author } = await livePost(app);
    await commentEvent(app, post.id, author.user, 'old');
    await commentEvent(app, post.id, author.user, 'new');
    const [oldId, newId] = await eventIdsOf(post.id);
    await app.ctx.db
      .update(postEvents)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(postEvents.id, oldId ?? 0));
    expect(await deleteEventsBefore(app.ctx.db, new Date(Date.now() - 60 * 60 * 1000))).toBeGreaterThanOrEqual(1);
    expect(await eventIdsOf(post.id)).toEqual([newId]);

    // The scheduled job does the same on its own (here with a 20 ms period), and stops when asked.
    const job = SWEEP_JOBS.find((candidate) => candidate.name === 'post-events');
    if (!job) throw new Error('no post-events sweep');
    const later = () => new Date(Date.now() + 2 * 60 * 60 * 1000);
    const stop = startSweeps(app.ctx, app.log, [{ ...job, everyMs: 20, run: (ctx) => job.run(ctx, later()) }]);
    await eventually(async () => (await eventIdsOf(post.id)).length === 0);
    await stop();
  });

  it("never fails the publisher's request because a listener broke", async () => {
    const bus = createMemoryBus({ log: app.log });
    const got: unknown[] = [];
    await bus.subscribe(postTopic('p'), () => {
      throw new Error('broken listener');
    });
    await bus.subscribe(postTopic('p'), (message) => got.push(message));
    await expect(bus.publish(postTopic('p'), { hello: 1 })).resolves.toBeUndefined();
    expect(got).toEqual([{ hello: 1 }]);
    await bus.close();
  });

  it('records a comment posted through the route with the very fields and time its answer shows', async () => {
    const author = await signedIn(app, { coins: 100 });
    const post = await approvedPost(app, author.user.id);
    const answers = [];
    for (const content of ['First, to the second.', 'Second, to the millisecond.', 'Third.']) {
      const parent = answers.at(-1)?.id ?? null;
      const res = await postComment(app, author.auth, post.id, { content, parent_comment_id: parent });
      expect(res.statusCode).toBe(201);
      answers.push(res.json<{ comment: Record<string, unknown> & { id: string } }>().comment);
    }
    const recorded = await eventsAfter(app.ctx.db, post.id, 0);
    expect(recorded.map((event) => event.data)).toEqual(
      answers.map((comment) => ({
        comment_id: comment.id,
        content: comment.content,
        user_id: comment.user_id,
        username: comment.username,
        created_at: comment.created_at,
        parent_comment_id: comment.parent_comment_id,
      })),
    );
  });
});
