import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from '../plugins/compression.js';
import { createPrecompressed, type Precompressed } from './precompressed.js';

const PAGE = JSON.stringify({
  data: Array.from({ length: 60 }, (_, i) => ({ id: i, title: `A tea about kettle ${i}` })),
});
const SMALL = JSON.stringify({ data: [] });
const JSON_TYPE = 'application/json; charset=utf-8';

const decode = (encoding: unknown, body: Buffer): string => {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
};

/** A server with the on-the-fly plugin, as the app has, answering one kept page and one small one. */
async function serverWith(copies: Precompressed): Promise<FastifyInstance> {
  const app = Fastify();
  await registerCompression(app);
  app.get('/page', (request, reply) => copies.send(request, reply.header('vary', 'Origin'), PAGE, JSON_TYPE));
  app.get('/small', (request, reply) => copies.send(request, reply, SMALL, JSON_TYPE));
  await app.ready();
  return app;
}

describe('pages compressed once (lib/precompressed.ts)', () => {
  const copies = createPrecompressed(true);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await serverWith(copies);
  });
  afterAll(() => app.close());
  const get = (url: string, accept?: string) =>
    app.inject({ method: 'GET', url, headers: accept === undefined ? {} : { 'accept-encoding': accept } });

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['x-gzip', 'gzip'],
  ])('answers a client accepting %s in %s, the same page byte for byte', async (accept, encoding) => {
    const res = await get('/page', accept);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toBe(JSON_TYPE);
    expect(res.headers.vary).toBe('Origin, Accept-Encoding');
    expect(decode(res.headers['content-encoding'], res.rawPayload)).toBe(PAGE);
  });

  it('makes each copy once, however many ask for it', async () => {
    const before = copies.made();
    const answers = await Promise.all(Array.from({ length: 5 }, () => get('/page', 'br')));
    await get('/page', 'gzip');
    expect(copies.made() - before).toBe(0);
    expect(new Set(answers.map((res) => res.rawPayload.toString('base64'))).size).toBe(1);
  });

  it('sends the text as it is to a client that accepts no compression, and a page under 1 KB plain', async () => {
    for (const [url, accept] of [
      ['/page', undefined],
      ['/page', 'identity'],
      ['/small', 'br'],
    ] as const) {
      const res = await get(url, accept);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(url === '/page' ? PAGE : SMALL);
    }
  });
});

describe('with the page cache off', () => {
  it('keeps no copies and leaves compression to the on-the-fly plugin', async () => {
    const copies = createPrecompressed(false);
    const app = await serverWith(copies);
    const res = await app.inject({ method: 'GET', url: '/page', headers: { 'accept-encoding': 'br' } });
    await app.close();
    expect(res.headers['content-encoding']).toBe('br');
    expect(decode('br', res.rawPayload)).toBe(PAGE);
    expect(copies.made()).toBe(0);
  });
});
