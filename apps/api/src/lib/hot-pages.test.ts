import type { PostCardList, PostDetail } from '@kettle/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { moderate } from '../../test/bounty-kit.js';
import { vote } from '../../test/conversation-kit.js';
import { useTestApp, type TestApp } from '../../test/harness.js';
import { API } from '../../test/http.js';
import { buildPost, signedIn } from '../../test/posts-kit.js';
import { approvedPost, unlock } from '../../test/reading-kit.js';
import { posts } from '../db/schema.js';

/**
 * Visitors' pages answered by the HTTP server before Fastify (lib/hot-pages.ts), over a real
 * socket: app.inject enters behind the server, so only a listening app shows the front path.
 */
function useListeningApp(pageCacheMs: number): { app: TestApp; origin: string } {
  const served = { app: undefined as unknown as TestApp, origin: '' };
  useTestApp(
    async (made) => {
      await made.listen({ port: 0, host: '127.0.0.1' });
      const address = made.server.address();
      if (address === null || typeof address === 'string') throw new Error('not listening on a port');
      served.app = made;
      served.origin = `http://127.0.0.1:${address.port}`;
    },
    { env: { PAGE_CACHE_MS: String(pageCacheMs) }, build: { sweeps: false } },
  );
  return served;
}

async function servedBefore(app: TestApp): Promise<number> {
  const metric = await app.ctx.metrics.registry.getSingleMetric('kettle_hot_pages_served_total')?.get();
  return metric?.values[0]?.value ?? 0;
}

/** Every request the metrics count as answered, Fastify's and the kept pages' alike. */
async function answeredCount(app: TestApp): Promise<number> {
  const metric = await app.ctx.metrics.registry.getSingleMetric('kettle_http_requests_total')?.get();
  return (metric?.values ?? []).reduce((sum, value) => sum + value.value, 0);
}

type Answer = { status: number; headers: Record<string, string>; body: Buffer };

async function read(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  // fetch would decode br and gzip; the bytes as sent are what is compared.
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  const all = Object.fromEntries(response.headers);
  delete all.date;
  return { status: response.status, headers: all, body: Buffer.from(await response.arrayBuffer()) };
}

const titles = (answer: Answer) => (JSON.parse(answer.body.toString()) as PostCardList).data.map((card) => card.title);

describe("visitors' kept pages, answered before routing", () => {
  const served = useListeningApp(60_000);

  it('sends the same status, headers and bytes as Fastify did, for each encoding asked', async () => {
    const { app, origin } = served;
    const author = await signedIn(app);
    const post = await approvedPost(app, author.user.id);
    for (const [path, encoding] of [
      [`${API}/posts/?skip=0&limit=9`, 'identity'],
      [`${API}/posts/?skip=0&limit=9`, 'br, gzip'],
      [`${API}/posts/?skip=0&limit=9`, 'gzip'],
      [`${API}/posts/${post.id}`, 'br'],
    ] as const) {
      const first = await read(`${origin}${path}`, { 'accept-encoding': encoding });
      const before = await servedBefore(app);
      const answered = await answeredCount(app);
      const again = await read(`${origin}${path}`, { 'accept-encoding': encoding });
      expect(await servedBefore(app)).toBe(before + 1);
      expect(await answeredCount(app)).toBe(answered + 1);
      expect(first.status).toBe(200);
      expect(again).toEqual(first);
    }
  });

  it('stops sending a page as soon as a change a visitor could see is made', async () => {
    const { app, origin } = served;
    const admin = await signedIn(app, { isAdmin: true });
    const author = await signedIn(app);
    const pending = await buildPost(app, author.user.id, { title: 'Kept out until approved' });
    const url = `${origin}${API}/posts/?skip=0&limit=3`;
    await read(url);
    expect(titles(await read(url))).not.toContain('Kept out until approved');
    expect((await moderate(app, admin, pending.id, 'approved')).statusCode).toBe(200);
    const before = await servedBefore(app);
    expect(titles(await read(url))).toContain('Kept out until approved');
    expect(await servedBefore(app)).toBe(before);
  });

  it("stops sending a voted tea's page at once, and goes on sending every other tea's", async () => {
    const { app, origin } = served;
    const author = await signedIn(app);
    const reader = await signedIn(app, { coins: 100 });
    const [voted, other] = [await approvedPost(app, author.user.id), await approvedPost(app, author.user.id)];
    const urlOf = (id: string) => `${origin}${API}/posts/${id}`;
    for (const id of [voted.id, other.id]) await read(urlOf(id));
    expect((await unlock(app, reader.auth, voted.id)).statusCode).toBe(200);
    expect((await vote(app, reader.auth, voted.id)).statusCode).toBe(200);
    const before = await servedBefore(app);
    expect((JSON.parse((await read(urlOf(voted.id))).body.toString()) as PostDetail).vote_count).toBe(1);
    expect(await servedBefore(app)).toBe(before);
    await read(urlOf(other.id));
    expect(await servedBefore(app)).toBe(before + 1);
  });

  it('leaves every request carrying a token to Fastify, even a bad one', async () => {
    const { app, origin } = served;
    const url = `${origin}${API}/posts/?skip=0&limit=4`;
    await read(url);
    const before = await servedBefore(app);
    expect((await read(url)).status).toBe(200);
    const bad = await read(url, { authorization: 'Bearer not-a-token' });
    expect(bad.status).toBe(401);
    expect(await servedBefore(app)).toBe(before + 1);
  });

  it('keeps a page per CORS origin, so an allowed origin is never answered without its header', async () => {
    const { app, origin } = served;
    const url = `${origin}${API}/posts/?skip=0&limit=5`;
    await read(url);
    await read(url);
    const allowed = await read(url, { origin: app.ctx.config.appOrigin });
    expect(allowed.headers['access-control-allow-origin']).toBe(app.ctx.config.appOrigin);
    expect((await read(url, { origin: app.ctx.config.appOrigin })).headers['access-control-allow-origin']).toBe(
      app.ctx.config.appOrigin,
    );
    expect((await read(url)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never keeps a search, a refused query or a HEAD', async () => {
    const { app, origin } = served;
    const before = await servedBefore(app);
    for (const path of [`${API}/posts/?search=tea`, `${API}/posts/?limit=abc`]) {
      const first = await read(`${origin}${path}`);
      expect((await read(`${origin}${path}`)).status).toBe(first.status);
    }
    const head = `${origin}${API}/posts/?skip=0&limit=6`;
    await fetch(head, { method: 'HEAD' });
    expect((await fetch(head, { method: 'HEAD' })).status).toBe(200);
    expect(await servedBefore(app)).toBe(before);
  });
});

describe("a kept page's lifetime", () => {
  const served = useListeningApp(300);

  it('ends with the page cache entry it was taken from, for changes no request announces', async () => {
    const { app, origin } = served;
    const author = await signedIn(app);
    const post = await approvedPost(app, author.user.id, { title: 'Before the quiet change' });
    const url = `${origin}${API}/posts/${post.id}`;
    await read(url);
    expect((await read(url)).body.toString()).toContain('Before the quiet change');
    // As a sweep would: written straight to the table, with no request to start a new generation.
    await app.ctx.db.update(posts).set({ title: 'After the quiet change' }).where(eq(posts.id, post.id));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await read(url)).body.toString()).toContain('After the quiet change');
  });
});
