import type { FastifyInstance } from 'fastify';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Any request that changed something starts a new page-cache generation before its answer
 * leaves, so the same client's next read never sees the page from before its own change. Every
 * write a visitor could see arrives through a request (votes, comments, moderation, taxonomy,
 * accounts...): naming them one by one would be a list to forget to update. Writes made outside
 * a request (sweeps) wait out the cache's lifetime instead.
 */
export function registerPageInvalidation(app: FastifyInstance): void {
  const { pages } = app.ctx;
  app.addHook('onSend', async (request, reply, payload) => {
    if (!READS.has(request.method) && reply.statusCode < 400) pages.invalidate();
    return payload;
  });
}
