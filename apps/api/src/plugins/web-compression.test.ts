import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { API } from '../../test/http.js';
import { commentEvent, eventsUrl, listen, livePost, SseClient } from '../../test/realtime-kit.js';

/**
 * A built SPA laid out as `vite build` leaves apps/web/dist: index.html, hashed assets, and the
 * .br/.gz copies the build's precompress step writes next to each text asset.
 */
function webDistFixture(): { root: string; script: string; html: string } {
  const root = mkdtempSync(join(tmpdir(), 'kettle-web-dist-'));
  mkdirSync(join(root, 'assets'));
  const script = `export const teas = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `tea number ${i}`))};\n`;
  const html = `<!doctype html><html lang="en"><head><title>Kettle</title>${'<meta name="x" content="y" />'.repeat(40)}</head><body><div id="root"></div></body></html>\n`;
  const files: Record<string, string> = { 'index.html': html, 'assets/index-AbC123.js': script };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(root, name), text);
    writeFileSync(join(root, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(root, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(join(root, 'photo.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  return { root, script, html };
}

const decode = (encoding: string | undefined, body: Buffer): string => {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
};

describe('compression and caching of the built SPA and the API', () => {
  let app: TestApp;
  let fixture: ReturnType<typeof webDistFixture>;

  beforeAll(async () => {
    fixture = webDistFixture();
    app = await createTestApp({ build: { serveWeb: true, webRoot: fixture.root } });
  });
  afterAll(async () => {
    await app?.teardown();
    rmSync(fixture.root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ])('sends a hashed asset to a browser accepting %s as %s, cached for a year', async (accept, encoding) => {
    const res = await get('/assets/index-AbC123.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(encoding, res.rawPayload)).toBe(fixture.script);
  });

  it('sends the plain asset to a client that states no encoding', async () => {
    const res = await get('/assets/index-AbC123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(fixture.script);
  });

  it.each(['/posts/some-tea', '/my-teas', '/?category=Work'])(
    'answers the client route %s with index.html, no-cache, compressed',
    async (path) => {
      const res = await get(path, 'gzip, deflate, br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decode('br', res.rawPayload)).toBe(fixture.html);
    },
  );

  it('leaves images as they are', async () => {
    const res = await get('/photo.png', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('compresses API JSON over 1 KB on the fly, and not smaller answers', async () => {
    const states = await get(`${API}/states/`, 'br, gzip');
    expect(states.statusCode).toBe(200);
    expect(states.headers['content-encoding']).toBe('br');
    expect(states.headers['vary']).toMatch(/accept-encoding/i);
    expect(JSON.parse(decode('br', states.rawPayload)).data.length).toBeGreaterThan(40);

    const gzipped = await get(`${API}/states/`, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode('gzip', gzipped.rawPayload)).data.length).toBeGreaterThan(40);

    const plain = await get(`${API}/states/`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data.length).toBeGreaterThan(40);

    const small = await get(`${API}/posts/`, 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses (or buffers) the live event stream', async () => {
    const { post, author } = await livePost(app);
    const base = await listen(app);
    const stream = await SseClient.open(eventsUrl(base, post.id, author.token), { 'accept-encoding': 'br, gzip' });
    try {
      expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
      expect(stream.headers.get('content-encoding')).toBeNull();
      // An event arrives as it is written, in plain text, while the stream stays open.
      await commentEvent(app, post.id, author.user, 'Plain as tea');
      const event = await stream.next('new_comment');
      expect(JSON.parse(event.data)).toMatchObject({ content: 'Plain as tea' });
      expect(stream.isEnded).toBe(false);
    } finally {
      stream.close();
    }
  });
});
