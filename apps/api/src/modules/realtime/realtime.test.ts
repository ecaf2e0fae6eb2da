import { REALTIME_MESSAGES, type CommentCreated } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { API } from '../../../test/http.js';
import { buildPost, signedIn } from '../../../test/posts-kit.js';
import { postEvents, postVotes, userBlocks, users } from '../../db/schema.js';
import {
  commentEvent,
  eventsUrl,
  eventually,
  json,
  listen,
  livePost,
  SseClient,
  type SseEvent,
  streamsOpen,
  tokenOf,
  unlockedReader,
  voteEvent,
  useStreamingApp,
} from '../../../test/realtime-kit.js';
import { realtimeStats } from './realtime.routes.js';

const HEARTBEAT_MS = 150;
let app: TestApp;
let base: string;
const { open } = useStreamingApp(
  (made) => {
    ({ app, base } = made);
  },
  { env: { REALTIME_HEARTBEAT_MS: String(HEARTBEAT_MS) } },
);

describe('GET /api/v1/posts/{id}/events', () => {
  it('streams new comments and votes to a reader within a second, with SSE and security headers', async () => {
    const { post, author } = await livePost(app);
    const reader = await unlockedReader(app, post.id);
    const stream = await open(eventsUrl(base, post.id, reader.token));

    const headers = stream.headers;
    expect(headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(headers.get('cache-control')).toContain('no-cache');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(headers.get('referrer-policy')).toBe('no-referrer');

    const started = Date.now();
    const comment = await commentEvent(app, post.id, author.user, 'First!');
    const commentEventSeen = await stream.next('new_comment', 1000);
    expect(json(commentEventSeen)).toEqual({
      comment_id: comment.id,
      content: 'First!',
      user_id: author.user.id,
      username: author.user.username,
      created_at: comment.createdAt.toISOString(),
      parent_comment_id: null,
    });
    await voteEvent(app, post.id, author.user.id, 7);
    const vote = await stream.next('vote_update', 1000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(json(vote)).toEqual({ new_vote_count: 7, can_vote: true, has_voted: false });

    // Ids are the post_events ids, increasing, so Last-Event-ID can resume from them.
    const stored = await app.ctx.db.select().from(postEvents).where(eq(postEvents.postId, post.id));
    expect([commentEventSeen.id, vote.id]).toEqual(stored.map((row) => String(row.id)).sort((a, b) => +a - +b));
    expect(stream.retry).toBe(3000);
  });

  it('carries what the real comment, vote and block routes do', async () => {
    const { post, author } = await livePost(app);
    const watcher = await unlockedReader(app, post.id);
    const talker = await unlockedReader(app, post.id);
    const other = await unlockedReader(app, post.id);
    const authorStream = await open(eventsUrl(base, post.id, author.token));
    const watcherStream = await open(eventsUrl(base, post.id, watcher.token));

    const created = await app.inject({
      method: 'POST',
      url: `${API}/posts/${post.id}/comments`,
      headers: talker.auth,
      payload: { content: 'Through the route', parent_comment_id: null },
    });
    expect(created.statusCode).toBe(201);
    const comment = created.json<CommentCreated>().comment;
    for (const stream of [authorStream, watcherStream]) {
      expect(json(await stream.next('new_comment', 1000))).toEqual({
        comment_id: comment.id,
        content: 'Through the route',
        user_id: talker.user.id,
        username: talker.user.username,
        created_at: comment.created_at,
        parent_comment_id: null,
      });
    }

    const voted = await app.inject({ method: 'POST', url: `${API}/posts/${post.id}/vote`, headers: talker.auth });
    expect(voted.statusCode).toBe(200);
    expect(json(await authorStream.next('vote_update', 1000))).toEqual({
      new_vote_count: 1,
      can_vote: false,
      has_voted: false,
    });
    expect(json(await watcherStream.next('vote_update', 1000))).toEqual({
      new_vote_count: 1,
      can_vote: true,
      has_voted: false,
    });

    const blocked = await app.inject({
      method: 'POST',
      url: `${API}/users/me/blocks`,
      headers: watcher.auth,
      payload: { user_id: talker.user.id },
    });
    expect(blocked.statusCode).toBe(200);
    for (const content of ['Now unseen by the watcher', 'Seen by both']) {
      const who = content === 'Seen by both' ? other : talker;
      const res = await app.inject({
        method: 'POST',
        url: `${API}/posts/${post.id}/comments`,
        headers: who.auth,
        payload: { content },
      });
      expect(res.statusCode).toBe(201);
    }
    expect(json(await authorStream.next()).content).toBe('Now unseen by the watcher');
    expect(json(await authorStream.next()).content).toBe('Seen by both');
    expect(json(await watcherStream.next()).content).toBe('Seen by both');
  });

  it('sends a heartbeat event with empty data and no id', async () => {
    const { post, author } = await livePost(app);
    const stream = await open(eventsUrl(base, post.id, author.token));
    const beat = await stream.next('heartbeat', HEARTBEAT_MS * 10);
    expect(beat).toEqual({ id: undefined, event: 'heartbeat', data: '{}' });
    await stream.next('heartbeat', HEARTBEAT_MS * 10);
  });

  it('resumes from Last-Event-ID with exactly the missed events, in order, then live ones', async () => {
    const { post, author } = await livePost(app);
    const reader = await unlockedReader(app, post.id);
    const first = await open(eventsUrl(base, post.id, reader.token));
    for (let i = 1; i <= 3; i += 1) await commentEvent(app, post.id, author.user, `before ${i}`);
    const seen = [await first.next(), await first.next(), await first.next()];
    expect(seen.map((event) => json<{ content: string }>(event).content)).toEqual(['before 1', 'before 2', 'before 3']);
    first.close();

    for (let i = 1; i <= 4; i += 1) await commentEvent(app, post.id, author.user, `missed ${i}`);
    const lastId = seen[2]?.id ?? '';
    const resumed = await open(eventsUrl(base, post.id, reader.token), { 'last-event-id': lastId });
    // Published while the resumed stream replays: each must arrive once, after the replay.
    const live = (async () => {
      for (let i = 1; i <= 6; i += 1) await commentEvent(app, post.id, author.user, `live ${i}`);
    })();
    const got = [];
    for (let i = 0; i < 10; i += 1) got.push(await resumed.next());
    await live;
    await resumed.expectNothing(200);
    expect(got.map((event) => json<{ content: string }>(event).content)).toEqual([
      'missed 1',
      'missed 2',
      'missed 3',
      'missed 4',
      ...[1, 2, 3, 4, 5, 6].map((i) => `live ${i}`),
    ]);
    const ids = got.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(10);
    expect(ids[0]).toBeGreaterThan(Number(lastId));

    // The query parameter works the same for clients that cannot set the header.
    const byQuery = await open(eventsUrl(base, post.id, reader.token, { lastEventId: String(ids[7]) }));
    expect([(await byQuery.next()).id, (await byQuery.next()).id]).toEqual([String(ids[8]), String(ids[9])]);
    await byQuery.expectNothing(200);
  });

  it('refuses a missing or bad token, an inactive account, a locked post and posts it cannot see', async () => {
    const { post, author } = await livePost(app);
    const call = (postId: string, token?: string) => fetch(eventsUrl(base, postId, token));
    const errorOf = async (res: Response) => (await res.json()) as { detail: string; code: string };

    const missing = await call(post.id);
    expect(missing.status).toBe(401);
    expect((await errorOf(missing)).code).toBe('UNAUTHORIZED');
    expect((await call(post.id, 'not-a-token')).status).toBe(401);
    const foreign = await app.ctx.tokens.signAccess({ sub: '00000000-0000-4000-8000-000000000000', admin: false });
    expect((await call(post.id, foreign)).status).toBe(401);

    const inactive = await signedIn(app, { isActive: false });
    const inactiveRes = await call(post.id, tokenOf(inactive.auth));
    expect(inactiveRes.status).toBe(403);
    expect((await errorOf(inactiveRes)).code).toBe('ACCOUNT_INACTIVE');

    const stranger = await signedIn(app, { coins: 100 });
    const locked = await call(post.id, tokenOf(stranger.auth));
    expect(locked.status).toBe(403);
    expect((await errorOf(locked)).detail).toBe('Unlock this tea to read and join the conversation.');

    const pending = await buildPost(app, author.user.id, { status: 'pending' });
    const rejected = await buildPost(app, author.user.id, { status: 'rejected' });
    for (const id of [pending.id, rejected.id, '00000000-0000-4000-8000-000000000000', 'junk']) {
      const res = await call(id, tokenOf(stranger.auth));
      expect(res.status, id).toBe(404);
      expect((await errorOf(res)).detail).toBe('Post not found.');
    }

    // Its author and an admin may watch a pending post.
    const admin = await signedIn(app, { isAdmin: true });
    const own = await open(eventsUrl(base, pending.id, author.token));
    const moderator = await open(eventsUrl(base, pending.id, tokenOf(admin.auth)));
    await commentEvent(app, pending.id, admin.user, 'note');
    expect(json(await own.next()).content).toBe('note');
    expect(json(await moderator.next()).content).toBe('note');
  });

  it('refuses the reconnect of an account deactivated meanwhile', async () => {
    const { post } = await livePost(app);
    const reader = await unlockedReader(app, post.id);
    const stream = await open(eventsUrl(base, post.id, reader.token));
    await app.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, reader.user.id));
    stream.close();
    const again = await fetch(eventsUrl(base, post.id, reader.token));
    expect(again.status).toBe(403);
  });

  it('refuses the sixth open stream of one user with 429, and a closed stream frees its slot', async () => {
    const { post } = await livePost(app);
    const reader = await unlockedReader(app, post.id);
    const five = [];
    for (let i = 0; i < 5; i += 1) five.push(await open(eventsUrl(base, post.id, reader.token)));
    const sixth = await fetch(eventsUrl(base, post.id, reader.token));
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBe('3');
    expect(await sixth.json()).toEqual({ detail: REALTIME_MESSAGES.tooManyStreams, code: 'RATE_LIMITED' });

    // Another user is not affected by this one's cap.
    const other = await unlockedReader(app, post.id);
    await open(eventsUrl(base, post.id, other.token));

    five[0]?.close();
    await eventually(() => streamsOpen(app) === 5);
    const replacement = await open(eventsUrl(base, post.id, reader.token));
    await commentEvent(app, post.id, other.user, 'still flowing');
    expect(json(await replacement.next()).content).toBe('still flowing');
  });

  it('personalises vote_update per viewer and never sends the voter id', async () => {
    const { post, author } = await livePost(app);
    const voter = await unlockedReader(app, post.id);
    const earlier = await unlockedReader(app, post.id);
    const bystander = await unlockedReader(app, post.id);
    await app.ctx.db.insert(postVotes).values({ userId: earlier.user.id, postId: post.id });

    const streams = {
      voter: await open(eventsUrl(base, post.id, voter.token)),
      earlier: await open(eventsUrl(base, post.id, earlier.token)),
      bystander: await open(eventsUrl(base, post.id, bystander.token)),
      author: await open(eventsUrl(base, post.id, author.token)),
    };
    await app.ctx.db.insert(postVotes).values({ userId: voter.user.id, postId: post.id });
    await voteEvent(app, post.id, voter.user.id, 2);

    const got: Record<string, SseEvent> = Object.fromEntries(
      await Promise.all(
        Object.entries(streams).map(async ([who, stream]) => [who, await stream.next('vote_update')] as const),
      ),
    );
    expect(Object.fromEntries(Object.entries(got).map(([who, event]) => [who, json(event)]))).toEqual({
      voter: { new_vote_count: 2, can_vote: false, has_voted: true },
      earlier: { new_vote_count: 2, can_vote: false, has_voted: true },
      bystander: { new_vote_count: 2, can_vote: true, has_voted: false },
      author: { new_vote_count: 2, can_vote: false, has_voted: false },
    });
    for (const event of Object.values(got)) expect(event.data).not.toContain(voter.user.id);

    // The voter stays "voted" on later votes by others; a bystander's own vote flips only theirs.
    await voteEvent(app, post.id, bystander.user.id, 3);
    expect(json(await streams.voter.next())).toEqual({ new_vote_count: 3, can_vote: false, has_voted: true });
    expect(json(await streams.bystander.next())).toEqual({ new_vote_count: 3, can_vote: false, has_voted: true });
    expect(json(await streams.author.next())).toEqual({ new_vote_count: 3, can_vote: false, has_voted: false });
  });

  it("does not send a blocked user's comments to the viewer who blocked them, live or replayed", async () => {
    const { post, author } = await livePost(app);
    const blocker = await unlockedReader(app, post.id);
    const loud = await unlockedReader(app, post.id);
    const later = await unlockedReader(app, post.id);
    await app.ctx.db.insert(userBlocks).values({ blockerId: blocker.user.id, blockedId: loud.user.id });

    const blockerStream = await open(eventsUrl(base, post.id, blocker.token));
    const authorStream = await open(eventsUrl(base, post.id, author.token));
    await commentEvent(app, post.id, loud.user, 'hidden from the blocker');
    await commentEvent(app, post.id, author.user, 'seen by all');
    expect(json(await authorStream.next()).content).toBe('hidden from the blocker');
    expect(json(await authorStream.next()).content).toBe('seen by all');
    expect(json(await blockerStream.next()).content).toBe('seen by all');

    // A block made while the stream is open applies from the next comment on.
    await app.ctx.db.insert(userBlocks).values({ blockerId: blocker.user.id, blockedId: later.user.id });
    await commentEvent(app, post.id, later.user, 'blocked mid-stream');
    await commentEvent(app, post.id, author.user, 'after the block');
    expect(json(await blockerStream.next()).content).toBe('after the block');

    // A replay skips them too.
    const lastSeen = blockerStream.dataEvents()[0]?.id ?? '';
    blockerStream.close();
    const resumed = await open(eventsUrl(base, post.id, blocker.token), { 'last-event-id': lastSeen });
    expect(json(await resumed.next()).content).toBe('after the block');
    await resumed.expectNothing(200);
  });

  it('cleans up every listener and slot when streams close', async () => {
    const { post, author } = await livePost(app);
    const reader = await unlockedReader(app, post.id);
    const a = await open(eventsUrl(base, post.id, reader.token));
    const b = await open(eventsUrl(base, post.id, author.token));
    expect(realtimeStats(app.ctx)).toEqual({ streams: 2, channels: 1, users: 2 });
    a.close();
    b.close();
    await eventually(() => realtimeStats(app.ctx).streams === 0);
    expect(realtimeStats(app.ctx)).toEqual({ streams: 0, channels: 0, users: 0 });
  });
});

describe('shutdown', () => {
  it('app.close() ends open streams promptly instead of hanging', async () => {
    const own = await createTestApp();
    const url = await listen(own);
    const { post, author } = await livePost(own);
    const reader = await unlockedReader(own, post.id);
    const streams = [
      await SseClient.open(eventsUrl(url, post.id, author.token)),
      await SseClient.open(eventsUrl(url, post.id, reader.token)),
      await SseClient.open(eventsUrl(url, post.id, reader.token)),
    ];
    const started = Date.now();
    const closing = own.teardown();
    // The streams end as soon as close begins (preClose), not when some timeout fires.
    await Promise.all(streams.map((stream) => stream.ended));
    expect(Date.now() - started).toBeLessThan(3000);
    await closing;
    // Within the grace period server.ts allows before it forces an exit (security.md X2: 10 s).
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(streams.every((stream) => stream.isEnded)).toBe(true);
  });
});
