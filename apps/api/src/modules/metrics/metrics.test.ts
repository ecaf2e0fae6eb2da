import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { COSTS } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/harness.js';
import { signedIn } from '../../../test/posts-kit.js';
import { approvedPost, getPost, getPosts, unlock } from '../../../test/reading-kit.js';
import { eventually, eventsUrl, streamsOpen, tokenOf, useStreamingApp, voteEvent } from '../../../test/realtime-kit.js';
import { API } from '../../../test/http.js';
import { comments, posts } from '../../db/schema.js';

const TOKEN = 'a-metrics-token-of-some-length';

const scrape = (app: TestApp, options: { from?: string; headers?: Record<string, string> } = {}) =>
  app.inject({ method: 'GET', url: '/metrics', remoteAddress: options.from, headers: options.headers });

/** The value of one sample line (`name{labels} value`), or undefined when the line is absent. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

const coins = async (app: TestApp, direction: 'credited' | 'debited') =>
  sample((await scrape(app)).body, `kettle_coins_ledger_total{direction="${direction}"}`) ?? 0;

describe('GET /metrics', () => {
  let app: TestApp;
  useTestApp((made) => {
    app = made;
  });

  it('answers loopback in the Prometheus text format, counting requests by route pattern', async () => {
    await getPosts(app);
    const missing = randomUUID();
    expect((await getPost(app, missing)).statusCode).toBe(404);

    const res = await scrape(app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(sample(res.body, 'kettle_http_requests_total{method="GET",route="/api/v1/posts",status="200"}')).toBe(1);
    expect(sample(res.body, 'kettle_http_requests_total{method="GET",route="/api/v1/posts/:id",status="404"}')).toBe(1);
    // The id itself never becomes a label value.
    expect(res.body).not.toContain(missing);
    expect(sample(res.body, 'kettle_http_request_duration_seconds_count{method="GET",route="/api/v1/posts"}')).toBe(1);
    expect(res.body).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(sample(res.body, 'kettle_sse_streams_open')).toBe(0);
  });

  it('counts the SQL statements sent, and shows the pool only where there is one', async () => {
    const before = sample((await scrape(app)).body, 'kettle_db_queries_total') ?? 0;
    await getPosts(app);
    const text = (await scrape(app)).body;
    expect(sample(text, 'kettle_db_queries_total')).toBeGreaterThan(before);
    const pool = sample(text, 'kettle_db_pool_connections{state="total"}');
    if (app.ctx.database.kind === 'postgres') expect(pool).toBeGreaterThan(0);
    else expect(pool).toBeUndefined();
  });

  it('counts coins credited and debited as the ledger moves them', async () => {
    const credited = await coins(app, 'credited');
    const debited = await coins(app, 'debited');
    const author = await signedIn(app);
    const reader = await signedIn(app, { coins: COSTS.unlockPost + 5 });
    const post = await approvedPost(app, author.user.id);
    expect(await coins(app, 'credited')).toBe(credited + COSTS.unlockPost + 5);
    expect((await unlock(app, reader.auth, post.id)).statusCode).toBe(200);
    expect(await coins(app, 'debited')).toBe(debited + COSTS.unlockPost);
  });

  it('refuses another host, and a request relayed from loopback by a proxy', async () => {
    for (const res of [
      await scrape(app, { from: '203.0.113.9' }),
      await scrape(app, { headers: { 'x-forwarded-for': '203.0.113.9' } }),
      await scrape(app, { headers: { forwarded: 'for=203.0.113.9' } }),
      await scrape(app, { headers: { 'x-real-ip': '203.0.113.9' } }),
      await scrape(app, { headers: { via: '1.1 proxy.example' } }),
      await scrape(app, { from: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(res.body).not.toContain('kettle_');
    }
  });

  it('is not part of the API document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: object }>();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let app: TestApp;
  useTestApp(
    (made) => {
      app = made;
    },
    { env: { METRICS_TOKEN: TOKEN } },
  );

  it('answers anyone with the token and no one with another', async () => {
    const good = await scrape(app, { from: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain('kettle_http_requests_total');
    const wrong = await scrape(app, { from: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(403);
    expect((await scrape(app, { from: '203.0.113.9' })).statusCode).toBe(403);
  });
});

describe('open live streams', () => {
  let app: TestApp;
  let base: string;
  const streams = useStreamingApp((made) => {
    ({ app, base } = made);
  });

  it('are counted while they are open', async () => {
    const author = await signedIn(app);
    const post = await approvedPost(app, author.user.id);
    await streams.open(eventsUrl(base, post.id, tokenOf(author.auth)));
    expect(streamsOpen(app)).toBe(1);
    expect(sample((await scrape(app)).body, 'kettle_sse_streams_open')).toBe(1);
  });

  it('a viewer leaving is not counted as a request left unanswered', async () => {
    const author = await signedIn(app);
    const post = await approvedPost(app, author.user.id);
    const stream = await streams.open(eventsUrl(base, post.id, tokenOf(author.auth)));
    stream.close();
    await eventually(() => streamsOpen(app) === 0);
    // And a request answered over a real connection is counted once, as what it answered.
    expect((await fetch(`${base}${API}/posts`)).status).toBe(200);
    expect((await scrape(app)).body).not.toContain('status="499"');
  });

  it('counts a request whose client left before the answer as 499, untimed, though its work ran', async () => {
    const author = await signedIn(app, { coins: 10 });
    const post = await approvedPost(app, author.user.id);
    const line = `kettle_http_requests_total{method="POST",route="${API}/posts/:id/comments",status="499"}`;
    const before = sample((await scrape(app)).body, line) ?? 0;
    // The tea is held, so the comment's statement waits on it while its client hangs up.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const hold = app.ctx.db.transaction(async (tx) => {
      await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, post.id)).for('update');
      await released;
    });
    try {
      // A whole body, read by the server before the client leaves: Node no longer calls that aborted.
      const body = JSON.stringify({ content: 'said and gone' });
      await new Promise<void>((resolve) => {
        const req = httpRequest(`${base}${API}/posts/${post.id}/comments`, {
          method: 'POST',
          headers: { ...author.auth, 'content-type': 'application/json', 'content-length': String(body.length) },
        });
        req.on('error', () => undefined);
        req.on('close', () => resolve());
        // The statement waits on the held tea, so a longer wait only makes sure the server has read
        // the body and entered the route first, even on a machine busy with other suites.
        req.end(body, () => setTimeout(() => req.destroy(), 300));
      });
      await eventually(async () => sample((await scrape(app)).body, line) === before + 1);
    } finally {
      // A failed wait must not leave the tea locked for the tests after this one.
      release();
      await hold;
    }
    await eventually(
      async () => (await app.ctx.db.select().from(comments).where(eq(comments.postId, post.id))).length === 1,
    );
    const timed = `kettle_http_request_duration_seconds_count{method="POST",route="${API}/posts/:id/comments"}`;
    expect(sample((await scrape(app)).body, timed)).toBeUndefined();
  });

  it("time each slice of an event's fan-out to this process's viewers", async () => {
    const author = await signedIn(app);
    const post = await approvedPost(app, author.user.id);
    const stream = await streams.open(eventsUrl(base, post.id, tokenOf(author.auth)));
    const before = sample((await scrape(app)).body, 'kettle_sse_fanout_slice_seconds_count') ?? 0;
    await voteEvent(app, post.id, randomUUID(), 1);
    await stream.next('vote_update');
    const text = (await scrape(app)).body;
    expect(sample(text, 'kettle_sse_fanout_slice_seconds_count')).toBe(before + 1);
    expect(sample(text, 'kettle_sse_fanout_slice_seconds_bucket{le="+Inf"}')).toBe(before + 1);
  });
});
