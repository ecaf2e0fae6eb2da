import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/app-error.js';
import { isDirectLoopback } from '../../lib/loopback.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Loopback itself (the socket's address, not the forwarded one, and nothing relayed), or anyone
 * with the configured token. Digests keep the comparison constant-time whatever the lengths.
 */
export function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  const given = request.headers.authorization;
  if (token && given) return timingSafeEqual(digest(given), digest(`Bearer ${token}`));
  return isDirectLoopback(request);
}

/** GET /metrics: the Prometheus text format, for a scraper (docs/deploy.md); not part of the API. */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const { metrics, config } = app.ctx;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request, config.metricsToken)) throw forbidden();
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
