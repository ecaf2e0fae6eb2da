// Two real Kettle processes (dist/server.js) behind no balancer, sharing PostgreSQL, Redis and an
// S3 API, as docs/deploy.md lays out. Runs only in the CI pass that sets TEST_DATABASE_URL and
// TEST_REDIS_URL (vitest.config.ts leaves it out of the embedded run).
import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from './http.js';
import { SseClient } from './realtime-kit.js';
import { startLocalS3, type LocalS3 } from './s3.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

const baseDatabaseUrl = process.env.TEST_DATABASE_URL ?? '';
const baseRedisUrl = process.env.TEST_REDIS_URL ?? '';
const databaseName = `kettle_many_${randomBytes(6).toString('hex')}`;
const SEARCH_LIMIT = 3;

let s3: LocalS3;
let a: ServerProcess;
let b: ServerProcess;
let databaseMade = false;
const streams: SseClient[] = [];

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseDatabaseUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

/** Key space of its own: the config's key prefix is fixed, so another Redis database keeps other runs apart. */
function redisUrlOfOwn(): string {
  const url = new URL(baseRedisUrl);
  url.pathname = `/${randomInt(1, 16)}`;
  return url.toString();
}

beforeAll(async () => {
  // The processes run the production build of this checkout, so build it rather than trust dist/.
  await promisify(execFile)('npm', ['run', 'build', '-w', '@kettle/api'], { cwd: `${import.meta.dirname}/../../..` });
  await adminQuery(`create database ${databaseName}`);
  databaseMade = true;
  const databaseUrl = new URL(baseDatabaseUrl);
  databaseUrl.pathname = `/${databaseName}`;
  s3 = await startLocalS3();
  const env = {
    ...s3.envOf(await s3.bucket()),
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrlOfOwn(),
    JWT_SECRET: randomBytes(32).toString('hex'),
    APP_ORIGIN: 'http://kettle.test',
    SEED_DEMO_USERS: 'true',
    SEED_DEMO_CONTENT: 'false',
    PAGE_CACHE_MS: '60000',
    SEARCH_LIMIT_PER_MINUTE: String(SEARCH_LIMIT),
    LOG_LEVEL: 'warn',
  };
  // One after the other: the first migrates and seeds, as the first process of a deploy does.
  a = await startServerProcess(env);
  b = await startServerProcess(env);
}, 240_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await s3?.stop();
  if (databaseMade) await adminQuery(`drop database if exists ${databaseName} with (force)`);
}, 60_000);

type Json = Record<string, unknown>;
const call = async (server: ServerProcess, path: string, init: RequestInit = {}) => {
  const response = await fetch(`${server.origin}${path}`, init);
  return { status: response.status, text: await response.text(), response };
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function login(server: ServerProcess, email: string, password: string): Promise<string> {
  const { status, text } = await call(server, `${API}/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password }),
  });
  expect(status, text).toBe(200);
  return (JSON.parse(text) as { access_token: string }).access_token;
}

/**
 * Visitors' pages answered from what a server kept: by the HTTP server itself, or through a route.
 * GET /metrics answers loopback callers without a token.
 */
async function pageCacheHits(server: ServerProcess): Promise<number> {
  const { text } = await call(server, '/metrics');
  const count = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  return (
    count(/^kettle_page_cache_requests_total\{result="hit"\} (\d+)$/m) + count(/^kettle_hot_pages_served_total (\d+)$/m)
  );
}

async function firstIdOf(server: ServerProcess, list: string): Promise<string> {
  const { text } = await call(server, `${API}/${list}/`);
  return (JSON.parse(text) as { data: { id: string }[] }).data[0]?.id ?? '';
}

describe('two Kettle processes sharing PostgreSQL, Redis and S3', () => {
  let reader = '';
  let admin = '';
  let postId = '';
  let imageUrl = '';

  it('takes a session made on A as valid on B', async () => {
    reader = await login(a, 'ava@kettle.local', 'KettleDemo1');
    admin = await login(a, 'admin@kettle.local', 'KettleAdmin1');
    const me = await call(b, `${API}/auth/me`, { headers: bearer(reader) });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.text)).toMatchObject({ email: 'ava@kettle.local' });
  });

  it('serves from B an image uploaded through A', async () => {
    const form = new FormData();
    const fields = {
      title: 'Two servers, one kettle',
      content: 'Somebody said the kettle has two spouts now and everyone heard.',
      category_id: await firstIdOf(a, 'categories'),
      state_id: await firstIdOf(a, 'states'),
      tagged_handle: '@two_spouts',
      attested: 'true',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2e86c1' } })
      .png()
      .toBuffer();
    form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const created = await call(a, `${API}/posts/`, { method: 'POST', headers: bearer(reader), body: form });
    expect(created.status, created.text).toBe(201);
    const post = JSON.parse(created.text) as { id: string; images: { image_url: string }[] };
    postId = post.id;
    imageUrl = post.images[0]?.image_url ?? '';

    const bytesFrom = async (server: ServerProcess) => {
      const response = await fetch(`${server.origin}${imageUrl}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      return Buffer.from(await response.arrayBuffer());
    };
    const fromB = await bytesFrom(b);
    expect(fromB.subarray(0, 4).toString()).toBe('RIFF');
    expect(fromB.equals(await bytesFrom(a))).toBe(true);
  });

  it('shows on A and on B, whose cached front pages predate it, a post approved through A', async () => {
    // Cached for a minute on each (each server's own count of hits says so): without the
    // invalidation, A's own and the one crossing over to B, each would keep serving its page.
    for (const server of [a, b]) {
      const before = await call(server, `${API}/posts/`);
      expect(before.status).toBe(200);
      expect(before.text).not.toContain(postId);
      const hitsBefore = await pageCacheHits(server);
      expect((await call(server, `${API}/posts/`)).text).toBe(before.text);
      expect(await pageCacheHits(server)).toBe(hitsBefore + 1);
    }

    const approved = await call(a, `${API}/posts/admin/${postId}/status`, {
      method: 'PUT',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'approved' }),
    });
    expect(approved.status, approved.text).toBe(200);
    await expect.poll(async () => (await call(b, `${API}/posts/`)).text, { timeout: 3000 }).toContain(postId);
    expect((await call(a, `${API}/posts/`)).text).toContain(postId);
  });

  it("shows on B the new count of a tea voted on through A, and goes on serving B's pages not naming it", async () => {
    const countOn = async (server: ServerProcess) =>
      (JSON.parse((await call(server, `${API}/posts/${postId}`)).text) as { vote_count: number }).vote_count;
    // The tea was filed under the first category: the second's list does not name it.
    const { text } = await call(b, `${API}/categories/`);
    const elsewhere = `${API}/posts/?category_id=${(JSON.parse(text) as { data: { id: string }[] }).data[1]?.id}`;
    const elsewhereOnB = async () => {
      const hits = await pageCacheHits(b);
      const page = await call(b, elsewhere);
      return { status: page.status, page: page.text, kept: (await pageCacheHits(b)) === hits + 1 };
    };
    for (const server of [a, b]) expect(await countOn(server)).toBe(0);
    const kept = await elsewhereOnB();
    expect(kept.status).toBe(200);

    const voted = await call(a, `${API}/posts/${postId}/vote`, { method: 'POST', headers: bearer(admin) });
    expect(voted.status, voted.text).toBe(200);
    expect(await countOn(a)).toBe(1);
    await expect.poll(() => countOn(b), { timeout: 3000 }).toBe(1);
    expect(await elsewhereOnB()).toEqual({ ...kept, kept: true });
  });

  it('delivers to a viewer streaming from B a comment posted through A', async () => {
    const stream = await SseClient.open(`${b.origin}${API}/posts/${postId}/events?token=${reader}`);
    streams.push(stream);
    const said = await call(a, `${API}/posts/${postId}/comments`, {
      method: 'POST',
      headers: { ...bearer(reader), 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'heard on the other server' }),
    });
    expect(said.status, said.text).toBe(201);
    const event = await stream.next('new_comment', 5000);
    expect(JSON.parse(event.data) as Json).toMatchObject({ content: 'heard on the other server' });
  });

  it('counts one rate limit across both: anonymous searches on A use up what B allows', async () => {
    const search = (server: ServerProcess) => call(server, `${API}/posts/?search=spouts`);
    for (let i = 0; i < SEARCH_LIMIT - 1; i += 1) expect((await search(a)).status).toBe(200);
    expect((await search(b)).status).toBe(200);
    expect((await search(b)).status).toBe(429);
    expect((await search(a)).status).toBe(429);
  });
});
