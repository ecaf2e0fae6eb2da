import fastifyStatic from '@fastify/static';
import { ERROR_CODES, STATUS_FALLBACK } from '@kettle/shared';
import type { FastifyInstance } from 'fastify';
import { createPrecompressed } from '../lib/precompressed.js';
import { findWebDist } from '../lib/web-dist.js';
import { firstViewPage } from './first-view.js';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html (no-cache, with the first
 * view's data: first-view.ts) for every client route. The web build writes .br and .gz next to
 * each text asset; `preCompressed` sends the one the browser accepts (with vary: accept-encoding),
 * or the plain file. index.html is built per address, and each version compressed once
 * (lib/precompressed.ts).
 */
export async function registerWeb(app: FastifyInstance, root: string | null = findWebDist()): Promise<void> {
  if (!root) {
    app.log.warn('apps/web/dist not found: run `npm run build` to serve the web app');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, path) => {
      res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const page = firstViewPage(app, root);
  // index.html and each first view are the same text for every visitor: compressed once each.
  const compressed = createPrecompressed(app.ctx.config.pageCacheMs > 0);
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path.startsWith('/dev/')) {
      return reply.status(404).send({ detail: STATUS_FALLBACK[404], code: ERROR_CODES.notFound });
    }
    // A real file (favicon, built asset) is sent as is; any other path is a client route.
    const file = path.slice(1);
    if (file && !file.includes('..') && /\.[a-z0-9]+$/i.test(file)) {
      return reply.sendFile(file);
    }
    const html = await page(request);
    return compressed.send(request, reply.header('cache-control', 'no-cache'), html, 'text/html; charset=utf-8');
  });
}
