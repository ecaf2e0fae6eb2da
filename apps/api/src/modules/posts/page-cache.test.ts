import { randomUUID } from 'node:crypto';
import type { PostCardList, PostDetail } from '@kettle/shared';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { moderate } from '../../../test/bounty-kit.js';
import { vote } from '../../../test/conversation-kit.js';
import { useTestApp, type TestApp } from '../../../test/harness.js';
import { buildPost, signedIn } from '../../../test/posts-kit.js';
import { approvedPost, getPost, getPosts, unlock } from '../../../test/reading-kit.js';

/** Visitors' pages from the cache (performance.md P1, P2): what they may and may not serve. */
describe('the page cache behind GET /posts and GET /posts/{id}', () => {
  let app: TestApp;
  useTestApp(
    (made) => {
      app = made;
    },
    // A lifetime far longer than any test: whatever is fresh here was made fresh by a change.
    { env: { PAGE_CACHE_MS: '60000' }, build: { sweeps: false } },
  );

  async function statementsOf(request: () => Promise<LightMyRequestResponse>) {
    const before = app.ctx.database.stats().queries;
    const res = await request();
    return { res, sent: app.ctx.database.stats().queries - before };
  }
  const titles = (res: LightMyRequestResponse) => res.json<PostCardList>().data.map((post) => post.title);

  it("serves a visitor's page again without asking the database, byte for byte", async () => {
    const author = await signedIn(app);
    await approvedPost(app, author.user.id);
    const first = await statementsOf(() => getPosts(app, '?skip=0&limit=9'));
    const again = await statementsOf(() => getPosts(app, '?skip=0&limit=9'));
    expect(first.sent).toBeGreaterThan(0);
    expect(again.sent).toBe(0);
    expect(again.res.statusCode).toBe(200);
    expect(again.res.headers['content-type']).toBe(first.res.headers['content-type']);
    expect(again.res.body).toBe(first.res.body);
  });

  it('shows a tea to visitors as soon as a moderator publishes it', async () => {
    const admin = await signedIn(app, { isAdmin: true });
    const author = await signedIn(app);
    const pending = await buildPost(app, author.user.id, { title: 'Waiting for the moderators' });
    expect(titles(await getPosts(app))).not.toContain('Waiting for the moderators');
    expect((await moderate(app, admin, pending.id, 'approved')).statusCode).toBe(200);
    expect(titles(await getPosts(app))).toContain('Waiting for the moderators');
  });

  it("shows a tea's new vote count to visitors right after the vote", async () => {
    const author = await signedIn(app);
    const post = await approvedPost(app, author.user.id);
    expect((await getPost(app, post.id)).json<PostDetail>().vote_count).toBe(0);
    const reader = await signedIn(app, { coins: 100 });
    expect((await unlock(app, reader.auth, post.id)).statusCode).toBe(200);
    expect((await vote(app, reader.auth, post.id)).statusCode).toBe(200);
    expect((await getPost(app, post.id)).json<PostDetail>().vote_count).toBe(1);
  });

  it('never serves a signed-in reader from the cache', async () => {
    const author = await signedIn(app);
    const reader = await signedIn(app);
    await getPosts(app);
    // Written straight into the table: no request announced it, so visitors may still get the old page.
    await approvedPost(app, author.user.id, { title: 'Only a reader sees this at once' });
    expect(titles(await getPosts(app, '', reader.auth))).toContain('Only a reader sees this at once');
    expect((await statementsOf(() => getPosts(app, '', reader.auth))).sent).toBeGreaterThan(0);
  });

  it('keeps no refusal: a tea that appears after a 404 is served', async () => {
    const author = await signedIn(app);
    const id = randomUUID();
    expect((await getPost(app, id)).statusCode).toBe(404);
    await approvedPost(app, author.user.id, { id });
    expect((await getPost(app, id)).statusCode).toBe(200);
  });

  it('leaves searches to the database (each one counts against the visitor limit)', async () => {
    await getPosts(app, '?search=kettle');
    expect((await statementsOf(() => getPosts(app, '?search=kettle'))).sent).toBeGreaterThan(0);
  });

  it('counts hits and misses for /metrics', async () => {
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(/^kettle_page_cache_requests_total\{result="hit"\} [1-9]/m);
    expect(text).toMatch(/^kettle_page_cache_requests_total\{result="miss"\} [1-9]/m);
  });
});
